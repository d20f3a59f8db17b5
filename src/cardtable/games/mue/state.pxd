# The compiled build (setup.py) declares the __slots__ of MueState
# as C fields, and the helpers its moves call most as C methods (cpdef: Python calls them as before);
# core/game.pxd says why.
cimport cython

from cardtable.core.tricks cimport TrickTakingState


cdef class MueState(TrickTakingState):
    cdef public object _active
    cdef public object _dealer
    cdef public object _faceup
    cdef public Py_ssize_t _hand_start
    cdef public Py_ssize_t _highest
    cdef public object _last_bid
    cdef public Py_ssize_t _limit
    cdef public object _pack
    cdef public Py_ssize_t _passes
    cdef public object _phase
    cdef public object _roles
    cdef public object _scores
    cdef public object _sheet
    cdef public Py_ssize_t _shown
    cdef public object _shows
    cpdef _end_turn(self, seat)
    @cython.locals(count=Py_ssize_t)
    cpdef _show(self, seat, code)
    @cython.locals(shows=tuple, at=Py_ssize_t)
    cpdef _hide_show(self, seat, action)
    cpdef _show_actions(self, seat)
    cpdef _trump_choices(self, seat)
