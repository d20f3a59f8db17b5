# The compiled build (setup.py) declares the __slots__ of CaboosesState
# as C fields, and the helpers its moves call most as C methods (cpdef: Python calls them as before);
# core/game.pxd says why.
from cardtable.core.game cimport State


cdef class CaboosesState(State):
    cdef public object _board
    cdef public object _counts
    cdef public object _dealer
    cdef public object _departed
    cdef public object _depot
    cdef public object _drawn
    cdef public object _first_turn
    cdef public object _flips
    cdef public object _hand
    cdef public object _losers
    cdef public object _moves
    cdef public object _outcome
    cdef public object _piles
    cdef public object _played
    cdef public object _present
    cdef public object _sizes
    cdef public object _turn_start
    cpdef _start_turn(self, seat)
    cpdef _reachable(self, seat)
    cpdef _forced_draws(self, seat)
    cpdef _draw(self, seat)
    cpdef _set_hand(self)
    cpdef _set_pile(self, place, pile)
    cpdef _all_moves(self)
    cpdef _moves_at(self, place, pile, signs)
    cpdef _put(self, place, pile)
    cpdef _depart(self, corner, train)
    cpdef _game_over(self, outcome, winners, losers)
