# The compiled build (setup.py) declares the __slots__ of MueState
# as C fields, and the helpers its moves call most as C methods (cpdef: Python calls them as before);
# core/game.pxd says why.
from cardtable.core.tricks cimport TrickTakingState


cdef class MueState(TrickTakingState):
    cdef public object _active
    cdef public object _dealer
    cdef public object _faceup
    cdef public object _hand_start
    cdef public object _highest
    cdef public object _last_bid
    cdef public object _limit
    cdef public object _pack
    cdef public object _passes
    cdef public object _phase
    cdef public object _roles
    cdef public object _scores
    cdef public object _sheet
    cdef public object _shown
    cdef public object _shows
    cpdef _end_turn(self, seat)
    cpdef _hide_show(self, seat, action)
    cpdef _trump_choices(self, seat)
