# The compiled build (setup.py) declares the __slots__ of TroevenState, LayoutTroeven, StockTroeven, MiniTroeven
# as C fields; core/game.pxd says why.
from cardtable.core.tricks cimport TrickTakingState


cdef class TroevenState(TrickTakingState):
    cdef public object _dealer
    cdef public object _previous_round
    cdef public object _round
    cdef public object _scores
    cdef public object _trump_suit


cdef class LayoutTroeven(TroevenState):
    cdef public object _deck


cdef class StockTroeven(TroevenState):
    cdef public object _stock
    cdef public object _stock_pos


cdef class MiniTroeven(StockTroeven):
    pass
