# The compiled build (setup.py) declares the __slots__ of TrickTakingState
# as C fields; core/game.pxd says why.
from cardtable.core.game cimport State


cdef class TrickTakingState(State):
    cdef public object _beats
    cdef public object _follow
    cdef public object _hands
    cdef public object _last_trick
    cdef public object _play_masks
    cdef public object _seat_orders
    cdef public object _suit_masks
    cdef public object _suit_of
    cdef public object _trick
    cdef public object _trick_seats
    cdef public object _tricks
    cdef public object _tricks_per_hand
    cdef public object _trump_mask
