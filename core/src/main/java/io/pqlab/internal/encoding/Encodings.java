package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;

/**
 * The ids of parquet.thrift's Type and Encoding enums as plain ints (this package does not depend
 * on the metadata model), and the choice of a values decoder for an (encoding, type) pair.
 */
public final class Encodings {
    private Encodings() {}

    /** parquet.thrift Type. */
    public static final class Type {
        private Type() {}

        public static final int BOOLEAN = 0;
        public static final int INT32 = 1;
        public static final int INT64 = 2;
        public static final int INT96 = 3;
        public static final int FLOAT = 4;
        public static final int DOUBLE = 5;
        public static final int BYTE_ARRAY = 6;
        public static final int FIXED_LEN_BYTE_ARRAY = 7;
    }

    /** parquet.thrift Encoding. */
    public static final class Encoding {
        private Encoding() {}

        public static final int PLAIN = 0;
        public static final int GROUP_VAR_INT = 1;
        public static final int PLAIN_DICTIONARY = 2;
        public static final int RLE = 3;
        public static final int BIT_PACKED = 4;
        public static final int DELTA_BINARY_PACKED = 5;
        public static final int DELTA_LENGTH_BYTE_ARRAY = 6;
        public static final int DELTA_BYTE_ARRAY = 7;
        public static final int RLE_DICTIONARY = 8;
        public static final int BYTE_STREAM_SPLIT = 9;
        public static final int ALP = 10;

        private static final String[] NAMES = {"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
            "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY", "RLE_DICTIONARY",
            "BYTE_STREAM_SPLIT", "ALP"};

        public static String name(int encoding) {
            return encoding >= 0 && encoding < NAMES.length ? NAMES[encoding] : "encoding " + encoding;
        }
    }

    private static final String[] TYPE_NAMES = {"BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE",
        "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"};

    public static String typeName(int type) {
        return type >= 0 && type < TYPE_NAMES.length ? TYPE_NAMES[type] : "type " + type;
    }

    /**
     * A new decoder for the values of a data page in the given encoding and physical type.
     * Dictionary encodings need the chunk's dictionary (null: malformed, the page has none to
     * refer to). An encoding this package does not read (GROUP_VAR_INT, ALP, unknown ids) is an
     * UnsupportedFeatureException; an encoding the spec does not allow for the type is malformed.
     * fileOffset locates the page for those messages.
     */
    public static ValuesDecoder decoder(int encoding, int type, int typeLength, Dictionary dictionary,
            long fileOffset) {
        if (type < Type.BOOLEAN || type > Type.FIXED_LEN_BYTE_ARRAY) {
            throw new MalformedFileException("unknown physical type " + type, fileOffset);
        }
        if (type == Type.FIXED_LEN_BYTE_ARRAY && typeLength < 0) {
            throw new MalformedFileException("FIXED_LEN_BYTE_ARRAY width " + typeLength, fileOffset);
        }
        return switch (encoding) {
            case Encoding.PLAIN -> new PlainDecoder(type, typeLength);
            case Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY -> {
                if (dictionary == null) {
                    throw new MalformedFileException(Encoding.name(encoding) + " page without a dictionary page",
                            fileOffset);
                }
                yield new DictionaryDecoder(dictionary);
            }
            case Encoding.RLE -> {
                require(type == Type.BOOLEAN, encoding, type, fileOffset);
                yield new RleBooleanDecoder();
            }
            case Encoding.DELTA_BINARY_PACKED -> {
                require(type == Type.INT32 || type == Type.INT64, encoding, type, fileOffset);
                yield new DeltaBinaryPackedDecoder();
            }
            case Encoding.DELTA_LENGTH_BYTE_ARRAY -> {
                require(type == Type.BYTE_ARRAY, encoding, type, fileOffset);
                yield new DeltaLengthByteArrayDecoder();
            }
            case Encoding.DELTA_BYTE_ARRAY -> {
                require(type == Type.BYTE_ARRAY || type == Type.FIXED_LEN_BYTE_ARRAY, encoding, type, fileOffset);
                yield new DeltaByteArrayDecoder(type == Type.BYTE_ARRAY ? -1 : typeLength);
            }
            case Encoding.BYTE_STREAM_SPLIT -> {
                int width = switch (type) {
                    case Type.INT32, Type.FLOAT -> 4;
                    case Type.INT64, Type.DOUBLE -> 8;
                    case Type.FIXED_LEN_BYTE_ARRAY -> typeLength;
                    default -> 0;
                };
                require(width > 0, encoding, type, fileOffset);
                yield new ByteStreamSplitDecoder(width);
            }
            case Encoding.BIT_PACKED -> throw new MalformedFileException("BIT_PACKED is for levels, not values",
                    fileOffset);
            default -> throw new UnsupportedFeatureException("unsupported encoding " + Encoding.name(encoding)
                    + " for " + typeName(type), fileOffset);
        };
    }

    private static void require(boolean ok, int encoding, int type, long fileOffset) {
        if (!ok) {
            throw new MalformedFileException(Encoding.name(encoding) + " is not defined for " + typeName(type),
                    fileOffset);
        }
    }
}
