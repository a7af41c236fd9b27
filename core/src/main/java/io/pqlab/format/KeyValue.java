package io.pqlab.format;

/** A key-value metadata entry; the value may be null. */
public record KeyValue(String key, String value) {}
