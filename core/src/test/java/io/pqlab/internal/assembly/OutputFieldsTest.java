package io.pqlab.internal.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.format.FormatFixtures;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which fields a scan prints for a selection, and what they hold, on repeated_no_annotation.parquet. */
class OutputFieldsTest {

    private static List<String> print(String... names) throws Exception {
        try (ParquetFile pf = ParquetFile.open(FormatFixtures.DATA.resolve("repeated_no_annotation.parquet"))) {
            Schema schema = pf.schema();
            List<OutputFields.Field> fields;
            if (names.length == 0) {
                fields = OutputFields.all(schema);
            } else {
                List<SchemaNode> nodes = new ArrayList<>();
                for (String n : names) {
                    nodes.add(OutputFields.node(schema, n));
                }
                fields = OutputFields.of(schema, nodes);
            }
            List<String> paths = OutputFields.leaves(fields).stream().map(i -> schema.column(i).dottedPath()).toList();
            List<String> out = new ArrayList<>();
            try (Scan scan = pf.scan(Query.all().columns(paths))) {
                List<FieldReader> readers = new ArrayList<>();
                for (OutputFields.Field f : fields) {
                    Shape shape = f instanceof OutputFields.Nested n ? n.shape()
                            : Shapes.of(((OutputFields.Flat) f).column());
                    readers.add(FieldReader.of(f.name(), shape, scan.columns(), JsonToken::forColumn));
                }
                for (RowBatch b : scan) {
                    for (int i = 0; i < b.size(); i++) {
                        StringBuilder sb = new StringBuilder();
                        for (FieldReader r : readers) {
                            sb.append(sb.length() == 0 ? "" : " | ").append(r.name()).append('=')
                                    .append(NestedJson.json(r.read(b, i), r.shape()));
                        }
                        out.add(sb.toString());
                    }
                }
            }
            return out;
        }
    }

    @Test
    void everyTopLevelFieldByDefault() throws Exception {
        assertThat(print()).element(3).isEqualTo("id=4 | phoneNumbers={\"phone\": [{\"number\": 5555555555, \"kind\": null}]}");
    }

    @Test
    void aGroupByName() throws Exception {
        assertThat(print("phoneNumbers")).startsWith("phoneNumbers=null", "phoneNumbers=null", "phoneNumbers={\"phone\": []}");
    }

    @Test
    void aNodeInsideARepeatedFieldPrunesItsTopLevelField() throws Exception {
        assertThat(print("phoneNumbers.phone.kind", "id")).element(5).isEqualTo(
                "phoneNumbers={\"phone\": [{\"kind\": \"home\"}, {\"kind\": null}, {\"kind\": \"mobile\"}]} | id=6");
        // the whole field named after a part of it: the whole field
        assertThat(print("phoneNumbers.phone.kind", "phoneNumbers")).element(3)
                .isEqualTo("phoneNumbers={\"phone\": [{\"number\": 5555555555, \"kind\": null}]}");
    }

    @Test
    void aRepeatedGroupWithoutRepeatedAncestorsIsItsOwnList() throws Exception {
        assertThat(print("phoneNumbers.phone")).element(2).isEqualTo("phoneNumbers.phone=[]");
        assertThat(print("phoneNumbers.phone")).element(0).isEqualTo("phoneNumbers.phone=null");
    }
}
