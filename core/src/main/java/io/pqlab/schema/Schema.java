package io.pqlab.schema;

import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The schema tree, built from the footer's flattened SchemaElement list (depth first, root first),
 * with its leaves as {@link ColumnDescriptor}s.
 *
 * <p>The list is validated as it is read: every group's num_children must be covered by the
 * elements that follow, nothing may follow the root's subtree, nesting is bounded by
 * {@value #MAX_DEPTH}, every non-root node has a repetition and every leaf a known physical type.
 * A list that fails is a {@link MalformedFileException} at the footer's offset.
 *
 * <p>Immutable once built and safe to share between threads.
 */
public final class Schema {
    /** Deeper nesting than any real schema has is taken as malformed (and bounds recursion). */
    public static final int MAX_DEPTH = 255;

    private final List<SchemaElement> elements;
    private final GroupNode root;
    private final List<ColumnDescriptor> columns;
    private final Map<String, ColumnDescriptor> byPath;
    private final Map<String, GroupNode> groupsByPath;

    private Schema(List<SchemaElement> elements, GroupNode root, List<ColumnDescriptor> columns,
            Map<String, GroupNode> groups) {
        this.elements = elements;
        this.root = root;
        this.columns = columns;
        this.groupsByPath = groups;
        this.byPath = new HashMap<>(columns.size() * 2);
        for (ColumnDescriptor c : columns) {
            byPath.putIfAbsent(c.dottedPath(), c); // duplicate names: the first one is found
        }
    }

    /** Builds the schema; errors carry no offset. */
    public static Schema of(List<SchemaElement> elements) {
        return of(elements, -1);
    }

    /**
     * Builds the schema.
     *
     * @param footerOffset where the footer's FileMetaData starts, for error messages
     */
    public static Schema of(List<SchemaElement> elements, long footerOffset) {
        return new Builder(elements, footerOffset).build();
    }

    // ---- access ----------------------------------------------------------------------------

    public GroupNode root() {
        return root;
    }

    /** The elements as written. */
    public List<SchemaElement> elements() {
        return elements;
    }

    /** The leaves in leaf-index order. */
    public List<ColumnDescriptor> columns() {
        return columns;
    }

    public int columnCount() {
        return columns.size();
    }

    /** The leaf with this index. */
    public ColumnDescriptor column(int index) {
        if (index < 0 || index >= columns.size()) {
            throw new NoSuchColumnException("no column with index " + index + "; the schema has "
                    + columns.size() + " column" + (columns.size() == 1 ? "" : "s")
                    + (columns.isEmpty() ? "" : " (0 to " + (columns.size() - 1) + ")"),
                    Integer.toString(index), List.of());
        }
        return columns.get(index);
    }

    /**
     * The leaf with this dotted path: an exact match, else the one leaf that matches when case is
     * ignored.
     *
     * @throws NoSuchColumnException if there is none (or several ignoring case); the message
     *     names the closest columns
     */
    public ColumnDescriptor column(String dottedPath) {
        ColumnDescriptor c = find(dottedPath);
        if (c != null) {
            return c;
        }
        throw noSuchColumn(dottedPath);
    }

    /** Like {@link #column(String)}, but null where there is no unique match. */
    public ColumnDescriptor find(String dottedPath) {
        ColumnDescriptor exact = byPath.get(dottedPath);
        if (exact != null) {
            return exact;
        }
        ColumnDescriptor found = null;
        for (ColumnDescriptor c : columns) {
            if (c.dottedPath().equalsIgnoreCase(dottedPath)) {
                if (found != null) {
                    return null; // ambiguous
                }
                found = c;
            }
        }
        return found;
    }

    /**
     * The leaves under a path: the leaf itself, or every leaf of a group (the root for "").
     * Matching is as in {@link #column(String)}.
     */
    public List<ColumnDescriptor> columnsUnder(String dottedPath) {
        if (dottedPath.isEmpty()) {
            // The root, even where a leaf has an empty name (a file may omit names).
            List<ColumnDescriptor> out = new ArrayList<>();
            collectLeaves(root, out);
            return out;
        }
        ColumnDescriptor leaf = byPath.get(dottedPath);
        if (leaf != null) {
            return List.of(leaf);
        }
        GroupNode group = groupsByPath.get(dottedPath);
        if (group != null) {
            List<ColumnDescriptor> out = new ArrayList<>();
            collectLeaves(group, out);
            return out;
        }
        return List.of(column(dottedPath));
    }

    private static void collectLeaves(SchemaNode node, List<ColumnDescriptor> out) {
        if (node instanceof ColumnDescriptor c) {
            out.add(c);
        } else {
            for (SchemaNode child : ((GroupNode) node).children()) {
                collectLeaves(child, out);
            }
        }
    }

    /**
     * A column selector for {@link io.pqlab.internal.format.MetadataDecoder.Options#columns(Function)}: the
     * leaves under the given paths (leaves or groups), resolved against the file's schema when it
     * is decoded. An unknown name throws {@link NoSuchColumnException} from the decoder.
     */
    public static Function<List<SchemaElement>, BitSet> selector(Collection<String> dottedPaths) {
        List<String> names = List.copyOf(dottedPaths);
        return elements -> {
            Schema schema = Schema.of(elements);
            BitSet set = new BitSet(schema.columnCount());
            for (String name : names) {
                for (ColumnDescriptor c : schema.columnsUnder(name)) {
                    set.set(c.index());
                }
            }
            return set;
        };
    }

    // ---- errors ----------------------------------------------------------------------------

    private NoSuchColumnException noSuchColumn(String name) {
        List<String> ignoringCase = new ArrayList<>();
        for (ColumnDescriptor c : columns) {
            if (c.dottedPath().equalsIgnoreCase(name)) {
                ignoringCase.add(c.dottedPath());
            }
        }
        if (ignoringCase.size() > 1) {
            return new NoSuchColumnException("column \"" + name + "\" is ambiguous: it matches "
                    + quoteAll(ignoringCase) + " when case is ignored", name, ignoringCase);
        }
        GroupNode group = groupsByPath.get(name);
        if (group != null) {
            List<ColumnDescriptor> leaves = new ArrayList<>();
            collectLeaves(group, leaves);
            List<String> paths = leaves.stream().map(ColumnDescriptor::dottedPath).limit(5).toList();
            return new NoSuchColumnException("\"" + name + "\" is a group, not a column; its columns: "
                    + quoteAll(paths) + (leaves.size() > paths.size() ? ", ..." : ""), name, paths);
        }
        List<String> closest = closest(name, 3);
        String message;
        if (columns.isEmpty()) {
            message = "no column \"" + name + "\": the schema has no columns";
        } else if (!closest.isEmpty()) {
            message = "no column \"" + name + "\" in the schema; did you mean " + (closest.size() == 1
                    ? quoteAll(closest) : "one of " + quoteAll(closest)) + "?";
        } else {
            List<String> some = columns.stream().map(ColumnDescriptor::dottedPath).limit(8).toList();
            message = "no column \"" + name + "\" in the schema; its columns: " + quoteAll(some)
                    + (columns.size() > some.size() ? ", ... (" + columns.size() + " in all)" : "");
        }
        return new NoSuchColumnException(message, name, closest);
    }

    /** Up to {@code limit} column paths nearest the name by edit distance (case ignored), near enough to be a typo. */
    private List<String> closest(String name, int limit) {
        String wanted = name.toLowerCase(Locale.ROOT);
        int threshold = Math.max(2, wanted.length() / 3);
        record Candidate(String path, int distance) {}
        List<Candidate> candidates = new ArrayList<>();
        for (ColumnDescriptor c : columns) {
            String path = c.dottedPath();
            String lower = path.toLowerCase(Locale.ROOT);
            int d = editDistance(wanted, lower, threshold);
            // The last name alone, so that "fare" finds "trip.fare" too.
            String last = c.path().isEmpty() ? lower : c.path().get(c.path().size() - 1).toLowerCase(Locale.ROOT);
            d = Math.min(d, editDistance(wanted, last, threshold) + 1);
            if (d <= threshold) {
                candidates.add(new Candidate(path, d));
            }
        }
        candidates.sort(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::path));
        return candidates.stream().limit(limit).map(Candidate::path).toList();
    }

    /** Levenshtein distance, or {@code bound + 1} once it must exceed {@code bound}. */
    static int editDistance(String a, String b, int bound) {
        if (Math.abs(a.length() - b.length()) > bound) {
            return bound + 1;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            int rowMin = cur[0];
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
                rowMin = Math.min(rowMin, cur[j]);
            }
            if (rowMin > bound) {
                return bound + 1;
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static String quoteAll(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String n : names) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append('"').append(n).append('"');
        }
        return sb.toString();
    }

    // ---- rendering -------------------------------------------------------------------------

    /**
     * The schema in Parquet's message syntax, one node a line, e.g.
     * {@code optional binary name (STRING);}, for {@code pqlab schema}.
     */
    public String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("message ").append(root.name()).append(root.name().isEmpty() ? "{\n" : " {\n");
        for (SchemaNode child : root.children()) {
            render(child, 1, sb);
        }
        sb.append("}\n");
        return sb.toString();
    }

    private static void render(SchemaNode node, int indent, StringBuilder sb) {
        sb.append("  ".repeat(indent));
        SchemaElement e = node.element();
        sb.append(e.repetition().name().toLowerCase(Locale.ROOT)).append(' ');
        if (node instanceof GroupNode g) {
            sb.append("group ").append(e.name());
            appendAnnotation(e, sb);
            appendFieldId(e, sb);
            sb.append(" {\n");
            for (SchemaNode child : g.children()) {
                render(child, indent + 1, sb);
            }
            sb.append("  ".repeat(indent)).append("}\n");
        } else {
            ColumnDescriptor c = (ColumnDescriptor) node;
            sb.append(physicalName(c.type()));
            if (c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                sb.append('(').append(c.typeLength()).append(')');
            }
            sb.append(' ').append(e.name());
            appendAnnotation(e, sb);
            appendFieldId(e, sb);
            sb.append(";\n");
        }
    }

    private static void appendFieldId(SchemaElement e, StringBuilder sb) {
        if (e.fieldId() >= 0) {
            sb.append(" = ").append(e.fieldId());
        }
    }

    private static void appendAnnotation(SchemaElement e, StringBuilder sb) {
        String a = annotation(e);
        if (a != null) {
            sb.append(" (").append(a).append(')');
        }
    }

    /**
     * An element's annotation as the schema syntax writes it ({@code STRING}, {@code DATE},
     * {@code INTEGER(8,true)}), a converted type under its logical type's name; null for none.
     */
    public static String annotation(SchemaElement e) {
        return e.logicalType() != null ? logicalName(e.logicalType()) : convertedName(e);
    }

    /**
     * A converted type under the name of the logical type LogicalTypes.md makes it equivalent to
     * (UTF8 is STRING, INT_8 is INTEGER(8,true), TIMESTAMP_MILLIS is TIMESTAMP(MILLIS,true)), as
     * parquet-java prints it.
     */
    private static String convertedName(SchemaElement e) {
        ConvertedType c = e.convertedType();
        if (c == null) {
            return null;
        }
        return switch (c) {
            case UTF8 -> "STRING";
            case DECIMAL -> "DECIMAL(" + e.precision() + "," + e.scale() + ")";
            case TIME_MILLIS -> "TIME(MILLIS,true)";
            case TIME_MICROS -> "TIME(MICROS,true)";
            case TIMESTAMP_MILLIS -> "TIMESTAMP(MILLIS,true)";
            case TIMESTAMP_MICROS -> "TIMESTAMP(MICROS,true)";
            case UINT_8 -> "INTEGER(8,false)";
            case UINT_16 -> "INTEGER(16,false)";
            case UINT_32 -> "INTEGER(32,false)";
            case UINT_64 -> "INTEGER(64,false)";
            case INT_8 -> "INTEGER(8,true)";
            case INT_16 -> "INTEGER(16,true)";
            case INT_32 -> "INTEGER(32,true)";
            case INT_64 -> "INTEGER(64,true)";
            default -> c.name(); // MAP, MAP_KEY_VALUE, LIST, ENUM, DATE, JSON, BSON, INTERVAL
        };
    }

    /** A logical type as the schema syntax writes it, e.g. {@code TIMESTAMP(MICROS,true)}. */
    public static String logicalName(LogicalType t) {
        // Java 17: no pattern switch over the sealed interface, hence the chain.
        if (t instanceof LogicalType.StringType) return "STRING";
        if (t instanceof LogicalType.MapType) return "MAP";
        if (t instanceof LogicalType.ListType) return "LIST";
        if (t instanceof LogicalType.EnumType) return "ENUM";
        if (t instanceof LogicalType.DecimalType d) return "DECIMAL(" + d.precision() + "," + d.scale() + ")";
        if (t instanceof LogicalType.DateType) return "DATE";
        if (t instanceof LogicalType.TimeType tt) return "TIME(" + tt.unit() + "," + tt.adjustedToUtc() + ")";
        if (t instanceof LogicalType.TimestampType ts) {
            return "TIMESTAMP(" + ts.unit() + "," + ts.adjustedToUtc() + ")";
        }
        if (t instanceof LogicalType.IntType i) return "INTEGER(" + i.bitWidth() + "," + i.signed() + ")";
        if (t instanceof LogicalType.NullType) return "UNKNOWN";
        if (t instanceof LogicalType.JsonType) return "JSON";
        if (t instanceof LogicalType.BsonType) return "BSON";
        if (t instanceof LogicalType.UuidType) return "UUID";
        if (t instanceof LogicalType.Float16Type) return "FLOAT16";
        if (t instanceof LogicalType.VariantType) return "VARIANT";
        if (t instanceof LogicalType.GeometryType g) return g.crs() == null ? "GEOMETRY" : "GEOMETRY(" + g.crs() + ")";
        if (t instanceof LogicalType.GeographyType g) {
            return "GEOGRAPHY(" + (g.crs() == null ? "OGC:CRS84" : g.crs()) + "," + g.algorithm() + ")";
        }
        return "unknown logical type " + ((LogicalType.Unknown) t).fieldId();
    }

    private static String physicalName(PhysicalType t) {
        return switch (t) {
            case BOOLEAN -> "boolean";
            case INT32 -> "int32";
            case INT64 -> "int64";
            case INT96 -> "int96";
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case BYTE_ARRAY -> "binary";
            case FIXED_LEN_BYTE_ARRAY -> "fixed_len_byte_array";
        };
    }

    @Override
    public String toString() {
        return render();
    }

    // ---- building --------------------------------------------------------------------------

    private static final class Builder {
        private final List<SchemaElement> elements;
        private final long offset;
        private final List<ColumnDescriptor> columns = new ArrayList<>();
        private final Map<String, GroupNode> groups = new HashMap<>();
        private int next;

        Builder(List<SchemaElement> elements, long offset) {
            this.elements = elements;
            this.offset = offset;
        }

        Schema build() {
            if (elements.isEmpty()) {
                throw malformed("the schema is empty: it has no root element");
            }
            SchemaElement rootElement = elements.get(0);
            if (!rootElement.isGroup()) {
                throw malformed("the schema's first element \"" + rootElement.name() + "\" is not a group");
            }
            next = 1;
            List<SchemaNode> children = children(rootElement, List.of(), 0, 0, 1);
            GroupNode root = new GroupNode(rootElement, List.of(), 0, 0, children);
            if (next != elements.size()) {
                throw malformed("the schema list has " + elements.size() + " elements but its tree covers "
                        + next + " (num_children does not match the list)");
            }
            return new Schema(elements, root, Collections.unmodifiableList(columns), groups);
        }

        private List<SchemaNode> children(SchemaElement parent, List<String> path, int def, int rep, int depth) {
            int n = Math.max(parent.numChildren(), 0);
            if (n > elements.size() - next) {
                throw malformed("schema element \"" + parent.name() + "\" has " + n + " children but only "
                        + (elements.size() - next) + " elements follow it");
            }
            if (depth > MAX_DEPTH) {
                throw malformed("the schema is nested deeper than " + MAX_DEPTH + " levels");
            }
            List<SchemaNode> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                if (next >= elements.size()) {
                    throw malformed("schema element \"" + parent.name() + "\" has " + n
                            + " children but the list ends after " + i);
                }
                int index = next++;
                SchemaElement e = elements.get(index);
                Repetition repetition = e.repetition();
                if (repetition == null) {
                    throw malformed("schema element " + index + " (\"" + e.name() + "\") has no repetition type");
                }
                int childDef = def + (repetition != Repetition.REQUIRED ? 1 : 0);
                int childRep = rep + (repetition == Repetition.REPEATED ? 1 : 0);
                List<String> childPath = append(path, e.name());
                if (e.isGroup()) {
                    List<SchemaNode> grandchildren = children(e, childPath, childDef, childRep, depth + 1);
                    GroupNode g = new GroupNode(e, childPath, childDef, childRep, grandchildren);
                    groups.putIfAbsent(String.join(".", childPath), g);
                    out.add(g);
                } else {
                    out.add(leaf(index, e, childPath, childDef, childRep));
                }
            }
            return Collections.unmodifiableList(out);
        }

        private ColumnDescriptor leaf(int elementIndex, SchemaElement e, List<String> path, int def, int rep) {
            if (e.typeCode() < 0) {
                throw malformed("schema element " + elementIndex + " (\"" + e.name()
                        + "\") is a leaf without a physical type");
            }
            PhysicalType type = e.type();
            if (type == null) {
                throw new UnsupportedFeatureException("column \"" + String.join(".", path)
                        + "\" has physical type code " + e.typeCode() + ", which pqlab does not know", offset);
            }
            int typeLength = -1;
            if (type == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                if (e.typeLength() <= 0) {
                    throw malformed("column \"" + String.join(".", path)
                            + "\" is FIXED_LEN_BYTE_ARRAY without a positive type_length (" + e.typeLength() + ")");
                }
                typeLength = e.typeLength();
            }
            int scale = -1;
            int precision = -1;
            if (e.logicalType() instanceof LogicalType.DecimalType d) {
                scale = d.scale() >= 0 ? d.scale() : e.scale();
                precision = d.precision() >= 0 ? d.precision() : e.precision();
            } else if (e.convertedType() == ConvertedType.DECIMAL) {
                scale = e.scale();
                precision = e.precision();
            }
            if (scale >= 0 && precision < 0 || precision >= 0 && scale < 0) {
                // Half a decimal: the missing part follows the spec's defaults (scale 0).
                scale = Math.max(scale, 0);
            }
            ColumnDescriptor c = new ColumnDescriptor(columns.size(), path, String.join(".", path), e, type,
                    typeLength, e.logicalType(), e.convertedType(), scale, precision, def, rep);
            columns.add(c);
            return c;
        }

        private static List<String> append(List<String> path, String name) {
            String[] out = path.toArray(new String[path.size() + 1]);
            out[path.size()] = name;
            return List.of(out);
        }

        private MalformedFileException malformed(String what) {
            return new MalformedFileException(what, offset);
        }
    }
}
