package io.pqlab.internal.format;

/**
 * parquet.thrift's SizeStatistics.
 *
 * @param unencodedByteArrayDataBytes -1 when absent
 * @param repetitionLevelHistogram null when absent
 * @param definitionLevelHistogram null when absent
 */
public record SizeStatistics(
        long unencodedByteArrayDataBytes,
        long[] repetitionLevelHistogram,
        long[] definitionLevelHistogram) {}
