package io.pqlab.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Arrow schema of files whose schema pyarrow (Arrow C++'s reader) is known to give, written
 * here from pyarrow's {@code pq.read_schema} of the same parquet-testing files, not from pqlab.
 */
class ArrowTypesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        alltypes_plain.parquet | id=Int(32, true); bool_col=Bool; tinyint_col=Int(32, true); smallint_col=Int(32, true); int_col=Int(32, true); bigint_col=Int(64, true); float_col=FloatingPoint(SINGLE); double_col=FloatingPoint(DOUBLE); date_string_col=Binary; string_col=Binary; timestamp_col=Timestamp(NANOSECOND, null)
        int32_decimal.parquet | value=Decimal(4, 2, 128)
        int64_decimal.parquet | value=Decimal(10, 2, 128)
        fixed_length_decimal.parquet | value=Decimal(25, 2, 128)
        byte_array_decimal.parquet | value=Decimal(4, 2, 128)
        float16_nonzeros_and_nans.parquet | x=FloatingPoint(HALF)
        list_columns.parquet | int64_list=List<element: Int(64, true)>; utf8_list=List<element: Utf8>
        nested_maps.snappy.parquet | a=Map(false)<entries: Struct<key: Utf8 not null, value: Map(false)<entries: Struct<key: Int(32, true) not null, value: Bool not null> not null>> not null>; b=Int(32, true) not null; c=FloatingPoint(DOUBLE) not null
        """)
    void typesAsArrowCppGivesThem(String file, String expected) throws Exception {
        Map<String, String> want = new LinkedHashMap<>();
        for (String part : expected.split("; ")) {
            int eq = part.indexOf('=');
            want.put(part.substring(0, eq), part.substring(eq + 1));
        }
        Map<String, String> got = new LinkedHashMap<>();
        try (BufferAllocator a = new RootAllocator(); ParquetFile pf = ParquetFile.open(Fixtures.data(file));
                ArrowScan r = ArrowScan.reader(pf, Query.all(), a)) {
            for (Field f : r.schema().getFields()) {
                String text = f.toString(); // "name: Type<children> [not null]"
                got.put(f.getName(), text.substring(f.getName().length() + 2));
            }
        }
        assertThat(got).isEqualTo(want);
    }
}
