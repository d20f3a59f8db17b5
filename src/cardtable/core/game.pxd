# The compiled build (setup.py) makes State an extension type from game.py: its slots become C fields, which
# compiled code reads without a look-up (random playout 1.3-1.5 times the pure build's speed, against about
# the same speed while they were attributes). Each state module's .pxd declares its classes' slots the same way.
cdef class State:
    cdef public object game
    cdef public tuple _dispatch
    cdef public list _log
    cdef public object _legal
    cdef public object _to_act
    cdef public object _rng
    cdef public object _rng_seed
    cdef public object _rng_shared
    cdef public object _script
    cdef public object _seed
    cdef public object _stops_at_hand_end
    cdef public object _truncated
    cdef public object _winners
