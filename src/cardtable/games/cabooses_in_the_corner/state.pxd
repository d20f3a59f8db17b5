# The compiled build (setup.py) declares the __slots__ of CaboosesState as C fields, its masks of codes
# and places as C integers (they fit a machine word: board.py, "the board as small masks"), and the helpers
# its moves call most as C methods with C integer locals (cpdef: Python calls them as before); core/game.pxd
# says why.
cimport cython

from cardtable.core.game cimport State


cdef class CaboosesState(State):
    cdef public list _counts
    cdef public object _dealer
    cdef public object _departed
    cdef public list _depot
    cdef public Py_ssize_t _drawn
    cdef public unsigned int _empty
    cdef public list _first_turn
    cdef public object _flips
    cdef public unsigned int _hand
    cdef public unsigned int _held
    cdef public object _losers
    cdef public object _moves
    cdef public unsigned int _offered
    cdef public unsigned int _offers
    cdef public object _outcome
    cdef public list _piles
    cdef public Py_ssize_t _played
    cdef public list _present
    cdef public list _sizes
    cdef public object _turn_start
    cdef public list _where
    @cython.locals(playable=cython.uint, code=Py_ssize_t, places=cython.uint, legal=list, where=list,
                   empty=cython.uint, codes=tuple)
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
    @cython.locals(piles=list, old=Py_ssize_t, bit=cython.uint, gone=cython.uint, came=cython.uint,
                   where=list, code=Py_ssize_t, trains=cython.uint, held=cython.uint)
    cpdef _set_pile(self, Py_ssize_t place, Py_ssize_t pile)
    cpdef _all_moves(self)
    @cython.locals(piles=list, takes=cython.uint, railway=Py_ssize_t, source=Py_ssize_t, where=list,
                   codes=tuple, trains=cython.uint, code=Py_ssize_t, other=Py_ssize_t, corner=Py_ssize_t)
    cpdef _moves_at(self, Py_ssize_t place, Py_ssize_t pile)
    cpdef _put(self, place, pile)
    cpdef _depart(self, corner, train)
    cpdef _game_over(self, outcome, winners, losers)
