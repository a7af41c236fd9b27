package io.pqlab.schema;

/**
 * parquet.thrift's LogicalType union. A member this reader does not know becomes {@link Unknown}:
 * its values can still be read as their physical type, but its statistics have no known order.
 */
public sealed interface LogicalType {
    record StringType() implements LogicalType {}
    record MapType() implements LogicalType {}
    record ListType() implements LogicalType {}
    record EnumType() implements LogicalType {}
    record DecimalType(int scale, int precision) implements LogicalType {}
    record DateType() implements LogicalType {}
    record TimeType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {}
    record TimestampType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {}
    record IntType(int bitWidth, boolean signed) implements LogicalType {}
    record NullType() implements LogicalType {}
    record JsonType() implements LogicalType {}
    record BsonType() implements LogicalType {}
    record UuidType() implements LogicalType {}
    record Float16Type() implements LogicalType {}
    record VariantType() implements LogicalType {}
    record GeometryType(String crs) implements LogicalType {}
    record GeographyType(String crs, int algorithm) implements LogicalType {}
    /** A union member with this Thrift field id that this reader does not know. */
    record Unknown(int fieldId) implements LogicalType {}
}
