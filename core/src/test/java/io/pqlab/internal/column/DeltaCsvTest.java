package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The delta-encoding files of parquet-testing come with CSVs of their expected values: pqlab's
 * decoded values, printed in their logical type, equal them (an unquoted empty field is null).
 */
class DeltaCsvTest {

    @ParameterizedTest
    @ValueSource(strings = {"delta_binary_packed", "delta_byte_array", "delta_encoding_optional_column",
        "delta_encoding_required_column"})
    void decodedValuesEqualTheExpectedCsv(String name) throws Exception {
        List<List<String>> csv = parse(Files.readString(Chunks.DATA.resolve(name + "_expect.csv"),
                StandardCharsets.UTF_8));
        List<String> header = csv.get(0);
        List<List<String>> rows = csv.subList(1, csv.size());
        int compared = 0;
        try (ParquetFile f = ParquetFile.open(Chunks.DATA.resolve(name + ".parquet"))) {
            assertThat(f.schema().columnCount()).isEqualTo(header.size());
            for (int c = 0; c < f.schema().columnCount(); c++) {
                String col = f.schema().column(c).dottedPath();
                int k = indexOf(header, col);
                List<String> mine = new ArrayList<>();
                for (int g = 0; g < f.rowGroupCount(); g++) {
                    for (ColumnBatch b : Chunks.decodeAll(f, g, c)) {
                        for (int e = 0; e < b.entryCount(); e++) {
                            mine.add(b.valueIndex(e) < 0 ? null : b.format(b.valueIndex(e)));
                        }
                    }
                }
                assertThat(mine).as(name + " " + col).hasSize(rows.size());
                for (int r = 0; r < rows.size(); r++) {
                    assertThat(mine.get(r)).as(name + " " + col + " row " + r).isEqualTo(rows.get(r).get(k));
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(1000);
    }

    /**
     * Column names as the CSV writes them: one has a stray leading space, and the required-column
     * file's names end in a colon its CSV leaves out.
     */
    private static int indexOf(List<String> header, String col) {
        String name = col.strip().replaceAll(":$", "");
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).strip().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no CSV column " + col + " in " + header);
    }

    /** RFC 4180 with one addition: an unquoted empty field is null, a quoted one the empty string. */
    static List<List<String>> parse(String text) {
        List<List<String>> out = new ArrayList<>();
        List<String> row = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            String field;
            if (text.charAt(i) == '"') {
                StringBuilder s = new StringBuilder();
                i++;
                while (true) {
                    char ch = text.charAt(i++);
                    if (ch == '"') {
                        if (i < n && text.charAt(i) == '"') {
                            s.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        s.append(ch);
                    }
                }
                field = s.toString();
            } else {
                int start = i;
                while (i < n && text.charAt(i) != ',' && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
                field = i == start ? null : text.substring(start, i);
            }
            row.add(field);
            if (i < n && text.charAt(i) == ',') {
                i++;
                continue;
            }
            while (i < n && (text.charAt(i) == '\r' || text.charAt(i) == '\n')) {
                i++;
            }
            out.add(row);
            row = new ArrayList<>();
        }
        return out;
    }
}
