# The compiled build (setup.py) declares the __slots__ of TrickTakingState
# as C fields, and the helpers its moves call most as C methods (cpdef: Python calls them as before);
# core/game.pxd says why.
cimport cython

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
    cdef public Py_ssize_t _tricks_per_hand
    cdef public object _trump_mask
    cpdef _next_seat(self, seat)
    cpdef _start_trick_play(self, leader)
    cpdef _playable(self, seat)
    cpdef _legal_cards(self)
    @cython.locals(played=Py_ssize_t, index=Py_ssize_t, taken=Py_ssize_t)
    cpdef _play_card(self, seat, card)
