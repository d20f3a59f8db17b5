# The compiled build (setup.py) declares the __slots__ of SlobberhannesState
# as C fields; core/game.pxd says why.
from cardtable.core.tricks cimport TrickTakingState


cdef class SlobberhannesState(TrickTakingState):
    cdef public object _deck
    cdef public object _deck_codes
    cdef public object _hand_number
    cdef public object _scores
