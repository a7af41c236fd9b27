package io.pqlab.internal.format;

/** parquet.thrift's PageEncodingStats: how many pages of a type used an encoding (raw codes). */
public record PageEncodingStats(int pageType, int encoding, int count) {}
