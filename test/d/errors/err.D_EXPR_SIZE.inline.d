/*
 * 64 inlines, each using the one before twice and arg0: not constant, so
 * each use expands, and the last would expand to 2^64 nodes.
 */
inline int i0 = arg0;
inline int i1 = i0 + i0 + arg0;
inline int i2 = i1 + i1 + arg0;
inline int i3 = i2 + i2 + arg0;
inline int i4 = i3 + i3 + arg0;
inline int i5 = i4 + i4 + arg0;
inline int i6 = i5 + i5 + arg0;
inline int i7 = i6 + i6 + arg0;
inline int i8 = i7 + i7 + arg0;
inline int i9 = i8 + i8 + arg0;
inline int i10 = i9 + i9 + arg0;
inline int i11 = i10 + i10 + arg0;
inline int i12 = i11 + i11 + arg0;
inline int i13 = i12 + i12 + arg0;
inline int i14 = i13 + i13 + arg0;
inline int i15 = i14 + i14 + arg0;
inline int i16 = i15 + i15 + arg0;
inline int i17 = i16 + i16 + arg0;
inline int i18 = i17 + i17 + arg0;
inline int i19 = i18 + i18 + arg0;
inline int i20 = i19 + i19 + arg0;
inline int i21 = i20 + i20 + arg0;
inline int i22 = i21 + i21 + arg0;
inline int i23 = i22 + i22 + arg0;
inline int i24 = i23 + i23 + arg0;
inline int i25 = i24 + i24 + arg0;
inline int i26 = i25 + i25 + arg0;
inline int i27 = i26 + i26 + arg0;
inline int i28 = i27 + i27 + arg0;
inline int i29 = i28 + i28 + arg0;
inline int i30 = i29 + i29 + arg0;
inline int i31 = i30 + i30 + arg0;
inline int i32 = i31 + i31 + arg0;
inline int i33 = i32 + i32 + arg0;
inline int i34 = i33 + i33 + arg0;
inline int i35 = i34 + i34 + arg0;
inline int i36 = i35 + i35 + arg0;
inline int i37 = i36 + i36 + arg0;
inline int i38 = i37 + i37 + arg0;
inline int i39 = i38 + i38 + arg0;
inline int i40 = i39 + i39 + arg0;
inline int i41 = i40 + i40 + arg0;
inline int i42 = i41 + i41 + arg0;
inline int i43 = i42 + i42 + arg0;
inline int i44 = i43 + i43 + arg0;
inline int i45 = i44 + i44 + arg0;
inline int i46 = i45 + i45 + arg0;
inline int i47 = i46 + i46 + arg0;
inline int i48 = i47 + i47 + arg0;
inline int i49 = i48 + i48 + arg0;
inline int i50 = i49 + i49 + arg0;
inline int i51 = i50 + i50 + arg0;
inline int i52 = i51 + i51 + arg0;
inline int i53 = i52 + i52 + arg0;
inline int i54 = i53 + i53 + arg0;
inline int i55 = i54 + i54 + arg0;
inline int i56 = i55 + i55 + arg0;
inline int i57 = i56 + i56 + arg0;
inline int i58 = i57 + i57 + arg0;
inline int i59 = i58 + i58 + arg0;
inline int i60 = i59 + i59 + arg0;
inline int i61 = i60 + i60 + arg0;
inline int i62 = i61 + i61 + arg0;
inline int i63 = i62 + i62 + arg0;
inline int i64 = i63 + i63 + arg0;

BEGIN
{
	trace(i64);
}
