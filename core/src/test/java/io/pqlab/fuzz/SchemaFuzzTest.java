package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.fileErrorsOnly;
import static io.pqlab.fuzz.Contract.require;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.schema.SchemaElement;
import io.pqlab.schema.TimeUnit;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import io.pqlab.internal.stats.SortOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Timeout;

/**
 * The schema builder on element lists made straight from the input (the Thrift layer is fuzzed
 * by {@link ThriftFuzzTest#metadata}; here every mutation changes the tree). Input: u8 element
 * count, then per element {@link #element(In) 10 bytes and a name}. A schema that builds must be
 * usable: every column found by its path and index, rendered, given a sort order.
 */
class SchemaFuzzTest {
    static final long BASE = 1000;

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = java.util.concurrent.TimeUnit.SECONDS)
    void schema(byte[] input) {
        In in = new In(input);
        int count = in.u8();
        List<SchemaElement> elements = new ArrayList<>();
        for (int i = 0; i < count && in.remaining() > 0; i++) {
            elements.add(element(in));
        }
        Schema[] built = new Schema[1];
        if (fileErrorsOnly(BASE, BASE, () -> built[0] = Schema.of(elements, BASE)) != null) {
            return;
        }
        Schema s = built[0];
        s.render();
        require(s.columnsUnder("").size() == s.columnCount(), "the root does not hold every column");
        for (ColumnDescriptor c : s.columns()) {
            require(s.column(c.index()) == c, "column " + c.index() + " is not found by its index");
            ColumnDescriptor found = s.find(c.dottedPath());
            require(found == null || found.dottedPath().equalsIgnoreCase(c.dottedPath()), "find(" + c.dottedPath()
                    + ") gave " + found);
            require(c.maxRepetitionLevel() <= c.maxDefinitionLevel(), "more repetition than definition levels");
            SortOrder.of(c.type(), c.logicalType(), c.convertedType());
            if (c.logicalType() != null) {
                Schema.logicalName(c.logicalType());
            }
        }
    }

    /**
     * u8 type code (255: none, a group), u8 type_length (255: none), u8 repetition (3+ unknown;
     * 255: none), u8 num_children (255: none), u8 converted type (255: none), u8 logical type kind
     * (0: none), u8 scale, u8 precision, u8 logical type parameter, u8 name length (mod 16), the name.
     */
    static SchemaElement element(In in) {
        int typeCode = in.u8();
        int typeLength = in.u8();
        int repetition = in.u8();
        int children = in.u8();
        int converted = in.u8();
        int logical = in.u8();
        int scale = in.u8();
        int precision = in.u8();
        int param = in.u8();
        String name = new String(in.bytes(in.u8() % 16), StandardCharsets.UTF_8);
        int code = typeCode == 255 ? -1 : typeCode;
        return new SchemaElement(code >= 0 ? PhysicalType.of(code) : null, code, typeLength == 255 ? -1 : typeLength,
                repetition == 255 ? null : Repetition.of(repetition), name, children == 255 ? -1 : children,
                converted == 255 ? null : ConvertedType.of(converted), scale == 255 ? -1 : scale,
                precision == 255 ? -1 : precision, -1, logicalType(logical, param, scale, precision));
    }

    static LogicalType logicalType(int kind, int param, int scale, int precision) {
        TimeUnit unit = TimeUnit.values()[param % TimeUnit.values().length];
        boolean flag = (param & 0x80) != 0;
        return switch (kind % 20) {
            case 0 -> null;
            case 1 -> new LogicalType.StringType();
            case 2 -> new LogicalType.MapType();
            case 3 -> new LogicalType.ListType();
            case 4 -> new LogicalType.EnumType();
            case 5 -> new LogicalType.DecimalType(scale == 255 ? -1 : scale, precision == 255 ? -1 : precision);
            case 6 -> new LogicalType.DateType();
            case 7 -> new LogicalType.TimeType(flag, unit);
            case 8 -> new LogicalType.TimestampType(flag, unit);
            case 9 -> new LogicalType.IntType(param & 0x7F, flag);
            case 10 -> new LogicalType.NullType();
            case 11 -> new LogicalType.JsonType();
            case 12 -> new LogicalType.BsonType();
            case 13 -> new LogicalType.UuidType();
            case 14 -> new LogicalType.Float16Type();
            case 15 -> new LogicalType.VariantType();
            case 16 -> new LogicalType.GeometryType(null);
            case 17 -> new LogicalType.GeographyType(null, param);
            default -> new LogicalType.Unknown(param);
        };
    }
}
