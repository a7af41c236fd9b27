package io.pqlab.internal.format;

/** A key-value metadata entry; the value may be null (the key is "" if a file omits it). */
public record KeyValue(String key, String value) {}
