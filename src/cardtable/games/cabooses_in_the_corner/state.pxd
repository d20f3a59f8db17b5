# The compiled build (setup.py) declares the __slots__ of CaboosesState as C fields, its lists and
# counters typed, and the helpers its moves call most as C methods with C integer locals (cpdef: Python
# calls them as before); core/game.pxd says why.
cimport cython

from cardtable.core.game cimport State


cdef class CaboosesState(State):
    cdef public object _board
    cdef public list _counts
    cdef public object _dealer
    cdef public object _departed
    cdef public list _depot
    cdef public Py_ssize_t _drawn
    cdef public list _first_turn
    cdef public object _flips
    cdef public object _hand
    cdef public object _losers
    cdef public object _moves
    cdef public object _outcome
    cdef public list _piles
    cdef public Py_ssize_t _played
    cdef public list _present
    cdef public list _sizes
    cdef public object _turn_start
    cpdef _legal_actions(self)
    @cython.locals(card=Py_ssize_t, place=Py_ssize_t, counts=list, left=Py_ssize_t, old=Py_ssize_t,
                   pile=Py_ssize_t)
    cpdef _play(self, Py_ssize_t seat, Py_ssize_t arg)
    cpdef _end(self, Py_ssize_t seat, Py_ssize_t arg)
    cpdef _start_turn(self, seat)
    cpdef _reachable(self, seat)
    cpdef _forced_draws(self, seat)
    @cython.locals(card=Py_ssize_t)
    cpdef _draw(self, seat)
    cpdef _set_hand(self)
    @cython.locals(piles=list)
    cpdef _set_pile(self, Py_ssize_t place, Py_ssize_t pile)
    cpdef _all_moves(self)
    @cython.locals(piles=list, bit=Py_ssize_t, other=Py_ssize_t)
    cpdef _moves_at(self, Py_ssize_t place, Py_ssize_t pile, signs)
    cpdef _put(self, place, pile)
    cpdef _depart(self, corner, train)
    cpdef _game_over(self, outcome, winners, losers)
