# The compiled build (setup.py) declares the __slots__ of CaboosesState
# as C fields; core/game.pxd says why.
from cardtable.core.game cimport State


cdef class CaboosesState(State):
    cdef public object _board
    cdef public object _counts
    cdef public object _dealer
    cdef public object _depot
    cdef public object _drawn
    cdef public object _first_turn
    cdef public object _flips
    cdef public object _hand
    cdef public object _moves
    cdef public object _piles
    cdef public object _played
    cdef public object _present
    cdef public object _sizes
    cdef public object _turn_start
