package io.pqlab.internal.format;

/**
 * The lookups of parquet.thrift's enums whose codes are their ordinals, written once: records keep
 * the raw code, so that a code a later writer adds is named ("codec 9"), never an error.
 */
final class ThriftEnums {
    private ThriftEnums() {}

    /** The constant with this code, or null for an unknown one. */
    static <E extends Enum<E>> E of(E[] byCode, int code) {
        return code >= 0 && code < byCode.length ? byCode[code] : null;
    }

    /** The constant's name, or {@code unknown} and the code for an unknown one. */
    static <E extends Enum<E>> String name(E[] byCode, int code, String unknown) {
        E e = of(byCode, code);
        return e != null ? e.name() : unknown + " " + code;
    }
}
