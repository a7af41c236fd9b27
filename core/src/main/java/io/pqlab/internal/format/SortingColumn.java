package io.pqlab.internal.format;

/** parquet.thrift's SortingColumn: a writer's claim, never verified, so never used to skip. */
public record SortingColumn(int columnIndex, boolean descending, boolean nullsFirst) {}
