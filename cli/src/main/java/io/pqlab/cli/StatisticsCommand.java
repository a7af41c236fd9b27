package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.ColumnOrder;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.format.Statistics;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.stats.StatisticsJudge;
import io.pqlab.internal.stats.TrustedStatistics;
import io.pqlab.internal.values.ColumnType;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code pqlab statistics FILE [COLUMN]}: each chunk's statistics, and whether they can be trusted;
 * without COLUMN, every column's in one table (row group by column, as DuckDB's parquet_metadata()).
 */
@Command(
        name = "statistics",
        mixinStandardHelpOptions = true,
        description = {
            "Show a column's statistics per row group, as written (minimum, maximum in the column's "
                    + "logical type, null, NaN and distinct counts, exactness flags), and whether and why "
                    + "a reader can trust the bounds: the column order, the type's sort order, the "
                    + "writer's known bugs (by created_by), NaN, and contradictions.",
            "Without COLUMN: every column, one row per row group and column; --json gives \"columns\", "
                    + "one object per column as COLUMN gives it.",
            "Reads nothing but the footer."
        })
final class StatisticsCommand extends FileCommand {

    @Parameters(index = "1", arity = "0..1", paramLabel = "COLUMN",
            description = "A dotted path or a leaf index (see 'pqlab schema'); default: every column.")
    String column;

    @Override
    void build(ParquetFile pf, ObjectNode a) {
        if (column == null) {
            ArrayNode all = a.putArray("columns");
            for (ColumnDescriptor c : pf.schema().columns()) {
                build(pf, c, all.addObject());
            }
            return;
        }
        build(pf, Columns.resolve(pf.schema(), column), a);
    }

    private static void build(ParquetFile pf, ColumnDescriptor c, ObjectNode a) {
        ColumnType type = Columns.type(c);
        a.set("column", Columns.describe(c));
        List<ColumnOrder> orders = ParquetFiles.metadata(pf).columnOrders();
        ColumnOrder order = orders == null || c.index() >= orders.size() ? null : orders.get(c.index());
        String createdBy = ParquetFiles.metadata(pf).createdBy();
        a.put("created_by", createdBy);
        a.put("column_order", order == null ? null : order.name());
        a.put("sort_order", type.sortOrder().describe());
        StatisticsJudge judge = new StatisticsJudge(c.type(), c.logicalType(), c.convertedType(), c.typeLength(),
                order, createdBy);
        ArrayNode groups = a.putArray("row_groups");
        for (int g = 0; g < pf.rowGroupCount(); g++) {
            ColumnMetaData md = ParquetFiles.chunk(pf, g, c.index()).metaData();
            ObjectNode n = groups.addObject();
            n.put("row_group", g);
            if (md == null) { // an encrypted column: its metadata is not in the footer's plaintext
                n.putNull("num_values");
                n.putNull("statistics");
                ObjectNode tn = n.putObject("trusted");
                tn.put("bounds_usable", false);
                tn.put("why", "the chunk's metadata is encrypted");
                continue;
            }
            Json.putOptional(n, "num_values", md.numValues());
            Statistics s = md.statistics();
            if (s == null) {
                n.putNull("statistics");
            } else {
                ObjectNode sn = n.putObject("statistics");
                sn.put("min_value", Columns.format(s.minValue(), type));
                sn.put("max_value", Columns.format(s.maxValue(), type));
                sn.put("min", Columns.format(s.min(), type));
                sn.put("max", Columns.format(s.max(), type));
                Json.putOptional(sn, "null_count", s.nullCount());
                Json.putOptional(sn, "nan_count", s.nanCount());
                Json.putOptional(sn, "distinct_count", s.distinctCount());
                putFlag(sn, "is_min_value_exact", s.minValueExact());
                putFlag(sn, "is_max_value_exact", s.maxValueExact());
            }
            TrustedStatistics t = judge.judge(s, md.numValues());
            ObjectNode tn = n.putObject("trusted");
            tn.put("bounds_usable", t.hasBounds());
            tn.put("min", Columns.format(t.min(), type));
            tn.put("max", Columns.format(t.max(), type));
            tn.put("min_exact", t.minExact());
            tn.put("max_exact", t.maxExact());
            Json.putOptional(tn, "null_count", t.nullCount());
            Json.putOptional(tn, "nan_count", t.nanCount());
            tn.put("why", t.why());
        }
    }

    private static void putFlag(ObjectNode n, String key, Boolean flag) {
        if (flag == null) {
            n.putNull(key);
        } else {
            n.put(key, flag);
        }
    }

    /** Every column: one table, a row per row group and column. */
    private static void renderAll(ObjectNode a, PrintWriter out) {
        Table t = new Table("column", ">row group", ">values", "min", "max", ">nulls", ">NaNs", ">distinct",
                "bounds usable", "why");
        for (JsonNode c : a.get("columns")) {
            String name = c.get("column").get("path").asText();
            for (JsonNode g : c.get("row_groups")) {
                JsonNode s = g.get("statistics");
                String[] mm = minMax(s);
                t.row(name, g.get("row_group").asInt(), Json.text(g, "num_values"), mm[0], mm[1],
                        s.isNull() ? "-" : Json.text(s, "null_count"), s.isNull() ? "-" : Json.text(s, "nan_count"),
                        s.isNull() ? "-" : Json.text(s, "distinct_count"),
                        g.get("trusted").get("bounds_usable").asBoolean() ? "yes" : "no", g.get("trusted").get("why").asText());
            }
        }
        t.print(out, "");
        out.println();
        out.println("min and max as written (\"(old)\": the deprecated pair, compared as signed values); "
                + "'pqlab statistics FILE COLUMN' adds the exactness flags and the column order");
    }

    /** The current pair where written, else the deprecated one (marked). */
    private static String[] minMax(JsonNode s) {
        if (s.isNull()) {
            return new String[] {"-", "-"};
        }
        boolean current = !s.get("min_value").isNull() || !s.get("max_value").isNull();
        String min = current ? Json.text(s, "min_value") : s.get("min").isNull() ? "-" : s.get("min").asText() + " (old)";
        String max = current ? Json.text(s, "max_value") : s.get("max").isNull() ? "-" : s.get("max").asText() + " (old)";
        return new String[] {min, max};
    }

    @Override
    void render(ObjectNode a, PrintWriter out) {
        if (a.has("columns")) {
            renderAll(a, out);
            return;
        }
        out.println("column " + Columns.heading(a.get("column")));
        out.println("created_by " + Json.text(a, "created_by") + "; column order " + Json.text(a, "column_order")
                + "; values compare as " + a.get("sort_order").asText());
        out.println();
        Table t = new Table(">row group", ">values", "min", "max", ">nulls", ">NaNs", ">distinct", "exact",
                "bounds usable", "why");
        for (JsonNode g : a.get("row_groups")) {
            JsonNode s = g.get("statistics");
            JsonNode tr = g.get("trusted");
            String min = "-";
            String max = "-";
            String exact = "-";
            if (!s.isNull()) {
                // The current pair where written, else the deprecated one (marked).
                boolean current = !s.get("min_value").isNull() || !s.get("max_value").isNull();
                min = current ? Json.text(s, "min_value") : s.get("min").isNull() ? "-" : s.get("min").asText() + " (old)";
                max = current ? Json.text(s, "max_value") : s.get("max").isNull() ? "-" : s.get("max").asText() + " (old)";
                exact = Json.yesNo(s, "is_min_value_exact") + "/" + Json.yesNo(s, "is_max_value_exact");
            }
            t.row(g.get("row_group").asInt(), Json.text(g, "num_values"), min, max,
                    s.isNull() ? "-" : Json.text(s, "null_count"), s.isNull() ? "-" : Json.text(s, "nan_count"),
                    s.isNull() ? "-" : Json.text(s, "distinct_count"), exact,
                    tr.get("bounds_usable").asBoolean() ? "yes" : "no", tr.get("why").asText());
        }
        t.print(out, "");
        out.println();
        out.println("min and max as written (\"(old)\": the deprecated pair, compared as signed values); "
                + "exact: is_min_value_exact/is_max_value_exact");
    }
}
