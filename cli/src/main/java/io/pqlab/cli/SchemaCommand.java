package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.schema.SchemaElement;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.GroupNode;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaNode;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/** {@code pqlab schema FILE}: the schema tree and its leaf columns. */
@Command(
        name = "schema",
        mixinStandardHelpOptions = true,
        description = {
            "Show the schema: the tree in Parquet's message syntax, and a table of its leaf columns "
                    + "(leaf index, dotted path, physical type, logical and converted type, repetition, "
                    + "maximum definition and repetition levels).",
            "Leaf indexes and dotted paths are what COLUMN takes in the other commands."
        })
final class SchemaCommand extends DatasetFileCommand {
    @Override
    void build(ParquetFile pf, ObjectNode a) {
        Schema schema = pf.schema();
        a.put("message", schema.render());
        a.set("tree", node(schema.root()));
        ArrayNode columns = a.putArray("columns");
        for (ColumnDescriptor c : schema.columns()) {
            ObjectNode n = columns.addObject();
            n.put("column", c.index());
            n.put("path", c.dottedPath());
            n.put("physical_type", c.type().name());
            Json.putOptional(n, "type_length", c.typeLength());
            n.put("logical_type", c.logicalType() == null ? null : Schema.logicalName(c.logicalType()));
            n.put("converted_type", c.convertedType() == null ? null : c.convertedType().name());
            Json.putOptional(n, "precision", c.precision());
            Json.putOptional(n, "scale", c.isDecimal() ? Math.max(c.scale(), 0) : -1);
            n.put("repetition", c.repetition().name());
            n.put("max_definition_level", c.maxDefinitionLevel());
            n.put("max_repetition_level", c.maxRepetitionLevel());
            n.put("sort_order", Columns.type(c).sortOrder().describe());
        }
    }

    /** The tree as nested objects: depth is bounded by the schema's own limit. */
    private static ObjectNode node(SchemaNode node) {
        SchemaElement e = node.element();
        ObjectNode n = Json.object();
        n.put("name", e.name());
        n.put("repetition", e.repetition() == null ? null : e.repetition().name());
        if (node instanceof ColumnDescriptor c) {
            n.put("column", c.index());
            n.put("physical_type", c.type().name());
            Json.putOptional(n, "type_length", c.typeLength());
        }
        n.put("logical_type", e.logicalType() == null ? null : Schema.logicalName(e.logicalType()));
        n.put("converted_type", e.convertedType() == null ? null : e.convertedType().name());
        Json.putOptional(n, "field_id", e.fieldId());
        if (node instanceof GroupNode g) {
            ArrayNode children = n.putArray("children");
            for (SchemaNode child : g.children()) {
                children.add(node(child));
            }
        }
        return n;
    }

    @Override
    void render(ObjectNode a, PrintWriter out) {
        out.print(a.get("message").asText());
        out.println();
        Table t = new Table(">leaf", "path", "physical", "logical", "converted", "repetition", ">max def",
                ">max rep");
        for (JsonNode c : a.get("columns")) {
            String physical = c.get("physical_type").asText();
            if (!c.get("type_length").isNull()) {
                physical += "(" + c.get("type_length").asInt() + ")";
            }
            t.row(c.get("column").asInt(), c.get("path").asText(), physical, Json.text(c, "logical_type"),
                    Json.text(c, "converted_type"), c.get("repetition").asText(),
                    c.get("max_definition_level").asInt(), c.get("max_repetition_level").asInt());
        }
        t.print(out, "");
    }
}
