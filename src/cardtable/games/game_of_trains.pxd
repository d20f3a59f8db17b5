# The compiled build (setup.py) declares the __slots__ of GameOfTrainsState
# as C fields, and the helpers its moves call most as C methods (cpdef: Python calls them as before);
# core/game.pxd says why.
from cardtable.core.game cimport State


cdef class GameOfTrainsState(State):
    cdef public object _discard
    cdef public object _draw_pile
    cdef public object _drawn
    cdef public object _first
    cdef public object _market
    cdef public object _order
    cdef public object _phase
    cdef public object _protect
    cdef public object _setup_discards
    cdef public object _setup_hands
    cdef public object _trains
    cdef public object _turn_actions
    cdef public object _turn_limit
    cdef public object _turns
    cpdef _turn_with_protect(self, protect)
    cpdef _replace(self, seat, index, card)
    cpdef _enter_market(self, card)
    cpdef _leave_market(self, card)
    cpdef _draw_card(self)
    cpdef _end_turn(self, seat, changed)
