package io.pqlab.schema;

/** parquet.thrift's TimeUnit union. */
public enum TimeUnit {
    MILLIS, MICROS, NANOS;

    /** How many of this unit make one second. */
    public long perSecond() {
        return switch (this) {
            case MILLIS -> 1_000L;
            case MICROS -> 1_000_000L;
            case NANOS -> 1_000_000_000L;
        };
    }
}
