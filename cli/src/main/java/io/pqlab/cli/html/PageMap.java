package io.pqlab.cli.html;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.FileException;
import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.plan.ColumnRead;
import io.pqlab.plan.PageRead;
import io.pqlab.plan.Plan;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.Span;
import io.pqlab.plan.Step;
import io.pqlab.plan.Verdict;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the page map draws, as one JSON object: every page of the file with its fate under a plan
 * (or its kind, for the layout without a condition) and the reason, every index structure and the
 * footer where they lie, and the plan's totals and comparison.
 *
 * <p>A page's fate comes from the plan alone: a skipped row group's pages take the mechanism that
 * completed the proof ({@link RowGroupPlan#skippedBy}); in a row group that is read, a page the
 * plan lists as not read was ruled out by the page index; a column outside the projection is not
 * needed at all. Where the plan has no page list for a chunk (it read or skipped the chunk whole),
 * the pages are listed for display only, from the chunk's OffsetIndex where it can be trusted,
 * else from the page headers; this never changes what the plan counts.
 *
 * <p>Pages are stored as parallel arrays and reasons as indexes into a table of distinct texts,
 * so that a file of a hundred thousand pages stays a few megabytes.
 */
public final class PageMap {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A colour class of the drawing: what a page's colour means. */
    public record Fate(String id, String label, String colour, String meaning) {}

    /** Fates of pages under a plan, then the kinds of pages in the layout. */
    public static final List<Fate> FATES = List.of(
            new Fate("read", "read", "#d62728", "the plan reads this page"),
            new Fate("statistics", "skipped: statistics", "#4e79a7",
                    "its row group was ruled out by the row-group statistics"),
            new Fate("bloom", "skipped: Bloom filter", "#b07aa1", "its row group was ruled out by a Bloom filter"),
            new Fate("dictionary", "skipped: dictionary", "#edc948",
                    "its row group was ruled out by a dictionary"),
            new Fate("page-index", "skipped: page index", "#59c2b8",
                    "ruled out by the page index (ColumnIndex bounds): the page itself, or its whole row group"),
            new Fate("condition", "skipped: condition never true", "#9c755f",
                    "the condition is false for every row"),
            new Fate("unselected", "not needed: column not read", "#cfcfcf",
                    "the query does not read this column"),
            new Fate("data-page", "data page", "#7ea6d3", "a data page"),
            new Fate("dictionary-page", "dictionary page", "#e0b85a", "a dictionary page"),
            new Fate("other-page", "other page", "#a0a0a0", "an index page or a page of an unknown type"),
            new Fate("unlisted", "pages not listed", "#eeeeee",
                    "the chunk's pages could not be listed (the reason is on hover)"));

    /** Kinds of the structures outside the column chunks. */
    public static final List<Fate> REGIONS = List.of(
            new Fate("magic", "PAR1 magic", "#222222", "the 4-byte magic number"),
            new Fate("footer", "footer (FileMetaData)", "#666666", "the file's metadata and its length"),
            new Fate("column-index", "ColumnIndex", "#3a8f3a", "per-page bounds of a column chunk"),
            new Fate("offset-index", "OffsetIndex", "#bcbd22", "where each data page of a column chunk lies"),
            new Fate("bloom-filter", "Bloom filter", "#f28e2b", "a column chunk's Bloom filter"));

    /** One set of mechanisms compared. */
    public record Variant(String name, Plan plan) {}

    private final ParquetFile file;
    private final Plan plan;
    private final Set<Integer> projection;
    private final List<String> whys = new ArrayList<>();
    private final Map<String, Integer> whyIndex = new HashMap<>();
    private final Map<String, Integer> fateIndex = new HashMap<>();

    // pages, as parallel arrays
    private final ArrayNode pRg = MAPPER.createArrayNode();
    private final ArrayNode pCol = MAPPER.createArrayNode();
    private final ArrayNode pKind = MAPPER.createArrayNode();
    private final ArrayNode pOff = MAPPER.createArrayNode();
    private final ArrayNode pLen = MAPPER.createArrayNode();
    private final ArrayNode pRow = MAPPER.createArrayNode();
    private final ArrayNode pRows = MAPPER.createArrayNode();
    private final ArrayNode pFate = MAPPER.createArrayNode();
    private final ArrayNode pWhy = MAPPER.createArrayNode();
    private final ArrayNode pCrypto = MAPPER.createArrayNode();
    private int pageCount;

    private PageMap(ParquetFile file, Plan plan, Set<Integer> projection) {
        this.file = file;
        this.plan = plan;
        this.projection = projection;
        for (int i = 0; i < FATES.size(); i++) {
            fateIndex.put(FATES.get(i).id(), i);
        }
    }

    /** Page kinds in the pages' kind array. */
    static final int DATA = 0, DICTIONARY = 1, OTHER = 2, CHUNK = 3;

    /** A module's encryption in the pages' crypto array and the chunks' {@code crypto} field. */
    static final int PLAINTEXT = 0, ENCRYPTED = 1, SEALED = 2;

    /**
     * The map of a plan.
     *
     * @param condition the condition as the user wrote it
     * @param projection leaf indexes the query reads; null for every column
     * @param compare the plans of other sets of mechanisms for the same condition (may be empty)
     */
    public static ObjectNode of(ParquetFile file, Plan plan, String condition, List<Integer> projection,
            List<Variant> compare) throws IOException {
        PageMap m = new PageMap(file, plan, projection == null ? null : new TreeSet<>(projection));
        ObjectNode o = m.build();
        o.put("condition", condition);
        o.put("predicate", plan.predicate());
        ArrayNode mech = o.putArray("mechanisms");
        Mechanism.names(plan.mechanisms()).forEach(mech::add);
        o.set("totals", m.planTotals());
        ArrayNode cmp = o.putArray("compare");
        for (Variant v : compare) {
            Plan p = v.plan();
            ObjectNode n = cmp.addObject();
            n.put("name", v.name());
            n.put("rowGroupsSkipped", p.rowGroupsSkipped());
            n.put("rowGroups", p.rowGroups().size());
            n.put("rowsKept", p.rowsKept());
            n.put("bytesRead", p.bytesRead());
            n.put("indexBytes", p.indexBytes());
            n.put("requests", p.requests().size());
            n.put("current", p.mechanisms().equals(plan.mechanisms()));
        }
        ArrayNode req = o.putArray("requests");
        for (Span s : plan.requests()) {
            req.addArray().add(s.offset()).add(s.length());
        }
        return o;
    }

    /** The layout of a file, without a condition. */
    public static ObjectNode layout(ParquetFile file) throws IOException {
        PageMap m = new PageMap(file, null, null);
        ObjectNode o = m.build();
        o.set("totals", m.layoutTotals());
        o.putArray("compare");
        o.putArray("requests");
        return o;
    }

    private ObjectNode build() throws IOException {
        Footer footer = ParquetFiles.footer(file);
        ObjectNode o = MAPPER.createObjectNode();
        o.put("file", file.source().name());
        o.put("size", ParquetFiles.footer(file).fileSize());
        o.put("numRows", ParquetFiles.metadata(file).numRows());
        o.put("createdBy", ParquetFiles.metadata(file).createdBy());
        o.put("mode", plan == null ? "layout" : "plan");
        if (footer.decryptor() == null) {
            o.putNull("encryption");
        } else {
            ObjectNode e = o.putObject("encryption");
            e.put("footer", footer.decryptor().encryptedFooter() ? "encrypted" : "plaintext");
            e.put("describe", footer.decryptor().describe());
        }
        ArrayNode fates = o.putArray("fates");
        for (Fate f : FATES) {
            fates.add(fate(f));
        }
        ArrayNode regionKinds = o.putArray("regionKinds");
        for (Fate f : REGIONS) {
            regionKinds.add(fate(f));
        }
        ArrayNode columns = o.putArray("columns");
        for (var c : file.schema().columns()) {
            ObjectNode cn = columns.addObject();
            cn.put("path", c.dottedPath());
            cn.put("type", c.type() == null ? "?" : c.type().name());
            cn.put("selected", projection == null || projection.contains(c.index()));
            // a column's key is the same in every row group; the first chunk says which
            ColumnChunk first = ParquetFiles.metadata(file).rowGroups().isEmpty() ? null
                    : ParquetFiles.metadata(file).rowGroups().get(0).columns().get(c.index());
            cn.put("encryption", first == null || !first.encrypted() ? "none" : keyName(first));
        }
        ArrayNode regions = o.putArray("regions");
        long size = ParquetFiles.footer(file).fileSize();
        region(regions, "magic", -1, -1, 0, Math.min(4, size), false, "the magic number PAR1 that opens the file");
        ArrayNode groups = o.putArray("rowGroups");
        ArrayNode chunks = o.putArray("chunks");
        List<RowGroup> rgs = ParquetFiles.metadata(file).rowGroups();
        long firstRow = 0;
        for (int g = 0; g < rgs.size(); g++) {
            RowGroup rg = rgs.get(g);
            RowGroupPlan gp = plan == null ? null : plan.rowGroups().get(g);
            groups.add(rowGroup(g, rg, gp, firstRow));
            firstRow += rg.numRows();
            for (int c = 0; c < rg.columns().size(); c++) {
                chunks.add(chunk(g, c, rg, gp));
                regions(regions, g, c, rg.columns().get(c), gp);
            }
        }
        long footerStart = footer.metadataOffset();
        region(regions, "footer", -1, -1, footerStart, size - 4 - footerStart, plan != null,
                "the footer: FileMetaData (" + footer.metadataLength() + " bytes) and its 4-byte length"
                        + (plan == null ? "" : "; every plan reads it first"));
        region(regions, "magic", -1, -1, size - 4, 4, false, "the magic number PAR1 that closes the file");
        ObjectNode pages = o.putObject("pages");
        pages.put("count", pageCount);
        pages.set("rowGroup", pRg);
        pages.set("column", pCol);
        pages.set("kind", pKind);
        pages.set("offset", pOff);
        pages.set("length", pLen);
        pages.set("firstRow", pRow);
        pages.set("rows", pRows);
        pages.set("fate", pFate);
        pages.set("why", pWhy);
        pages.set("crypto", pCrypto);
        ArrayNode w = o.putArray("whys");
        whys.forEach(w::add);
        return o;
    }

    private static ObjectNode fate(Fate f) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("id", f.id());
        n.put("label", f.label());
        n.put("colour", f.colour());
        n.put("meaning", f.meaning());
        return n;
    }

    private ObjectNode rowGroup(int g, RowGroup rg, RowGroupPlan gp, long firstRow) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("index", g);
        n.put("firstRow", firstRow);
        n.put("numRows", rg.numRows());
        if (gp != null) {
            n.put("skipped", gp.skipped());
            if (gp.skippedBy() != null) {
                n.put("skippedBy", gp.skippedBy());
            }
            n.put("verdict", gp.verdict().name().toLowerCase(Locale.ROOT));
            n.put("rowsKept", gp.rows().rowCount());
            n.put("rows", gp.rows().toString());
            n.put("bytesRead", gp.bytesRead());
            n.put("indexBytes", gp.indexBytes());
            ArrayNode steps = n.putArray("steps");
            for (Step s : gp.steps()) {
                ObjectNode sn = steps.addObject();
                sn.put("mechanism", s.mechanism());
                sn.put("column", s.column());
                sn.put("condition", s.condition());
                sn.put("verdict", s.skip() ? "skip" : s.verdict() == Verdict.ALL ? "all match" : "read");
                sn.put("why", s.why());
            }
        }
        return n;
    }

    // ---- pages of one chunk ------------------------------------------------------------------

    private ObjectNode chunk(int g, int c, RowGroup rg, RowGroupPlan gp) {
        ColumnChunk cc = rg.columns().get(c);
        ColumnMetaData md = cc == null ? null : cc.metaData();
        ObjectNode n = MAPPER.createObjectNode();
        n.put("rowGroup", g);
        n.put("column", c);
        n.put("firstPage", pageCount);
        long start = md == null ? -1 : md.chunkStart();
        long length = md == null ? 0 : md.totalCompressedSize();
        n.put("offset", start);
        n.put("length", length);
        n.put("crypto", crypto(cc));
        n.put("encrypted", cc != null && cc.encrypted());
        n.put("sealed", cc != null && cc.sealed());
        ColumnRead read = null;
        if (gp != null) {
            for (ColumnRead r : gp.reads()) {
                if (r.column() == c) {
                    read = r;
                }
            }
        }
        if (read != null && !read.pages().isEmpty()) {
            n.put("pagesFrom", "the plan");
            chunkBytes(n, gp, read);
            String kept = "rows that may match here: " + gp.rows();
            for (PageRead p : read.pages()) {
                boolean dict = p.kind().equals("dictionary");
                String fate = p.read() ? "read" : "page-index";
                String why = p.read() ? "read: " + p.why()
                        : "skipped by the page index: " + p.why() + " (" + kept + ")";
                page(g, c, dict ? DICTIONARY : DATA, p.offset(), p.length(), p.firstRow(), p.rowCount(), fate, why);
            }
        } else {
            String fate;
            String why;
            if (plan == null) {
                fate = null; // by kind
                why = "";
            } else if (projection != null && !projection.contains(c)) {
                fate = "unselected";
                why = "not needed: the query does not read this column";
            } else if (gp.skipped()) {
                fate = gp.skippedBy() == null ? "statistics" : gp.skippedBy();
                why = skipReason(gp);
            } else if (read != null) {
                fate = "read";
                why = "read: " + read.why();
                chunkBytes(n, gp, read);
            } else {
                // A plan that neither read nor skipped a selected column: say so rather than guess.
                fate = "unselected";
                why = "the plan does not read this column";
            }
            list(n, g, c, cc, rg.numRows(), fate, why);
        }
        n.put("pageCount", pageCount - n.get("firstPage").asInt());
        return n;
    }

    /** Lists a chunk's pages for display: the OffsetIndex where it is trusted, else the headers. */
    private void list(ObjectNode n, int g, int c, ColumnChunk cc, long numRows, String fate, String why) {
        ColumnMetaData md = cc == null ? null : cc.metaData();
        if (md == null) {
            n.put("pagesFrom", "nothing");
            page(g, c, CHUNK, -1, 0, -1, -1, "unlisted", join(why, "the column's metadata is not readable"));
            return;
        }
        String problem;
        try {
            OffsetIndex oi = cc.encrypted() ? null : PageIndexReader.offsetIndex(file.source(), cc);
            problem = oi == null ? "no OffsetIndex" : oi.problem(cc, numRows);
            if (problem == null && (oi.pageCount() > 0 || numRows == 0)) {
                n.put("pagesFrom", "the OffsetIndex");
                long start = md.chunkStart();
                long firstData = oi.pageCount() > 0 ? oi.page(0).offset() : start + md.totalCompressedSize();
                if (firstData > start) {
                    page(g, c, DICTIONARY, start, firstData - start, -1, 0, fate == null ? "dictionary-page" : fate, why);
                }
                for (int i = 0; i < oi.pageCount(); i++) {
                    var loc = oi.page(i);
                    long first = oi.firstRow(i);
                    page(g, c, DATA, loc.offset(), loc.compressedPageSize(), first, oi.endRow(i, numRows) - first,
                            fate == null ? "data-page" : fate, why);
                }
                return;
            }
        } catch (FileException | IOException e) {
            problem = "the OffsetIndex is not readable: " + e.getMessage();
        }
        try {
            List<PageInfo> pages = ChunkPages.pages(file, g, c);
            n.put("pagesFrom", "the page headers (" + problem + ")");
            long[] firstRows = new long[pages.size()];
            for (int i = 0; i < pages.size(); i++) {
                firstRows[i] = pages.get(i).isDataPage() ? pages.get(i).firstRow() : -1;
            }
            for (int i = 0; i < pages.size(); i++) {
                PageInfo p = pages.get(i);
                int kind = p.isDataPage() ? DATA : p.isDictionaryPage() ? DICTIONARY : OTHER;
                long rows = -1;
                if (kind == DATA && p.firstRow() >= 0) {
                    long next = numRows;
                    for (int j = i + 1; j < pages.size(); j++) {
                        if (pages.get(j).isDataPage()) {
                            next = firstRows[j];
                            break;
                        }
                    }
                    rows = next >= 0 ? next - p.firstRow() : -1;
                }
                String f = fate != null ? fate : kind == DATA ? "data-page" : kind == DICTIONARY ? "dictionary-page" : "other-page";
                String w = kind == OTHER ? join(why, "page type " + p.type()) : why;
                page(g, c, kind, p.offset(), p.totalSize(), kind == DATA ? p.firstRow() : -1, kind == DICTIONARY ? 0 : rows, f, w);
            }
        } catch (FileException | IOException e) {
            n.put("pagesFrom", "nothing");
            page(g, c, CHUNK, md.chunkStart(), Math.max(0, md.totalCompressedSize()), -1, -1, "unlisted",
                    join(why, "its pages could not be listed: " + e.getMessage()));
        }
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : a + "; " + b;
    }

    private static String skipReason(RowGroupPlan gp) {
        List<String> parts = new ArrayList<>();
        for (Step s : gp.steps()) {
            if (s.skip()) {
                String what = s.condition().isEmpty() ? s.why() : s.condition() + ": " + s.why();
                parts.add(label(s.mechanism()) + " (" + what + ")");
            }
        }
        String by = gp.skippedBy() == null ? "the evidence" : label(gp.skippedBy());
        return "row group skipped, decided by " + by + (parts.isEmpty() ? "" : "; ruled out: " + String.join("; ", parts));
    }

    private static String label(String mechanism) {
        return switch (mechanism) {
            case "statistics" -> "the statistics";
            case "bloom" -> "a Bloom filter";
            case "dictionary" -> "a dictionary";
            case "page-index" -> "the page index";
            case "condition" -> "the condition";
            default -> mechanism;
        };
    }

    private void page(int g, int c, int kind, long offset, long length, long firstRow, long rows, String fate, String why) {
        pRg.add(g);
        pCol.add(c);
        pKind.add(kind);
        pOff.add(offset);
        pLen.add(length);
        pRow.add(firstRow);
        pRows.add(rows);
        Integer f = fateIndex.get(fate);
        if (f == null) {
            throw new IllegalStateException("no such fate: " + fate);
        }
        pFate.add(f);
        ColumnChunk cc = chunkAt(g, c);
        pCrypto.add(crypto(cc));
        pWhy.add(why(cryptoNote(why, cc, c)));
        pageCount++;
    }

    private ColumnChunk chunkAt(int g, int c) {
        List<RowGroup> rgs = ParquetFiles.metadata(file).rowGroups();
        if (g < 0 || g >= rgs.size() || c < 0 || c >= rgs.get(g).columns().size()) {
            return null;
        }
        return rgs.get(g).columns().get(c);
    }

    private static int crypto(ColumnChunk cc) {
        return cc == null || !cc.encrypted() ? PLAINTEXT : cc.sealed() ? SEALED : ENCRYPTED;
    }

    /** Which key a chunk's modules are encrypted with, in words. */
    private static String keyName(ColumnChunk cc) {
        return cc.cryptoMetaData() == null || cc.cryptoMetaData().footerKey() ? "footer key" : "column key";
    }

    /** The why of a module of {@code cc}, with its encryption said where it has one. */
    private String cryptoNote(String why, ColumnChunk cc, int c) {
        if (cc == null || !cc.encrypted()) {
            return why;
        }
        String key = keyName(cc);
        if (!cc.sealed()) {
            return join(why, "encrypted with the " + key);
        }
        String option = key.equals("footer key") ? "--footer-key KEY"
                : "--column-key " + file.schema().column(c).dottedPath() + "=KEY";
        return join(why, "sealed: encrypted with the " + key + ", which was not given (" + option + ")");
    }

    private int why(String text) {
        Integer i = whyIndex.get(text);
        if (i == null) {
            i = whys.size();
            whys.add(text);
            whyIndex.put(text, i);
        }
        return i;
    }

    // ---- index structures -------------------------------------------------------------------

    private void regions(ArrayNode out, int g, int c, ColumnChunk cc, RowGroupPlan gp) {
        if (cc == null) {
            return;
        }
        String where = "row group " + g + ", column " + file.schema().column(c).dottedPath();
        if (cc.hasColumnIndex()) {
            boolean f = fetched(gp, cc.columnIndexOffset());
            region(out, "column-index", g, c, cc.columnIndexOffset(), cc.columnIndexLength(), f,
                    "ColumnIndex of " + where + fetchedText(f));
        }
        if (cc.hasOffsetIndex()) {
            boolean f = fetched(gp, cc.offsetIndexOffset());
            region(out, "offset-index", g, c, cc.offsetIndexOffset(), cc.offsetIndexLength(), f,
                    "OffsetIndex of " + where + fetchedText(f));
        }
        ColumnMetaData md = cc.metaData();
        if (md != null && md.hasBloomFilter()) {
            long length = md.bloomFilterLength();
            String note = "";
            if (length <= 0) {
                // No length in the metadata: measure it the way a reader would (display only).
                try {
                    BloomFilterResult r = cc.encrypted() ? null : BloomFilterReader.read(file.source(), md);
                    length = r == null ? 0 : r.bytesFetched();
                    note = " (bloom_filter_length absent; " + length + " bytes as a reader fetches them)";
                } catch (IOException e) {
                    length = 0;
                }
            }
            boolean f = fetched(gp, md.bloomFilterOffset());
            region(out, "bloom-filter", g, c, md.bloomFilterOffset(), Math.max(length, 1), f,
                    "Bloom filter of " + where + note + fetchedText(f));
        }
    }

    private String fetchedText(boolean fetched) {
        if (plan == null) {
            return "";
        }
        return fetched ? "; fetched to decide" : "; not fetched";
    }

    private static boolean fetched(RowGroupPlan gp, long offset) {
        if (gp == null) {
            return false;
        }
        for (Span s : gp.fetched()) {
            if (s.offset() == offset) {
                return true;
            }
        }
        return false;
    }

    private void region(ArrayNode out, String kind, int g, int c, long offset, long length, boolean fetched, String why) {
        long size = ParquetFiles.footer(file).fileSize();
        if (offset < 0 || offset >= size || length <= 0) {
            return; // nothing to draw where the file says nothing sensible; the tooltip of the chunk says more
        }
        ObjectNode n = out.addObject();
        n.put("kind", kind);
        n.put("rowGroup", g);
        n.put("column", c);
        n.put("offset", offset);
        n.put("length", Math.min(length, size - offset));
        n.put("fetched", fetched);
        ColumnChunk cc = kind.equals("footer") || kind.equals("magic") ? null : chunkAt(g, c);
        n.put("crypto", crypto(cc));
        if (kind.equals("footer") && ParquetFiles.footer(file).decryptor() != null) {
            n.put("crypto", ParquetFiles.footer(file).decryptor().encryptedFooter() ? ENCRYPTED : PLAINTEXT);
            why = join(why, ParquetFiles.footer(file).decryptor().describe());
        }
        n.put("why", cryptoNote(why, cc, c));
    }

    // ---- totals -----------------------------------------------------------------------------

    private ObjectNode planTotals() {
        ObjectNode t = MAPPER.createObjectNode();
        t.put("bytesRead", plan.bytesRead());
        t.put("columnChunkBytes", selectedChunkBytes());
        t.put("indexBytes", plan.indexBytes());
        t.put("requests", plan.requests().size());
        t.put("coalesceGap", plan.coalesceGap());
        t.put("rowGroupsSkipped", plan.rowGroupsSkipped());
        t.put("rowGroups", plan.rowGroups().size());
        t.put("rowsKept", plan.rowsKept());
        t.put("numRows", plan.numRows());
        t.put("footerBytes", ParquetFiles.footer(file).fileSize() - ParquetFiles.footer(file).metadataOffset());
        return t;
    }

    private ObjectNode layoutTotals() {
        ObjectNode t = MAPPER.createObjectNode();
        long chunks = 0;
        for (RowGroup rg : ParquetFiles.metadata(file).rowGroups()) {
            for (ColumnChunk cc : rg.columns()) {
                if (cc != null && cc.metaData() != null) {
                    chunks += Math.max(0, cc.metaData().totalCompressedSize());
                }
            }
        }
        t.put("columnChunkBytes", chunks);
        t.put("rowGroups", ParquetFiles.metadata(file).rowGroups().size());
        t.put("numRows", ParquetFiles.metadata(file).numRows());
        t.put("footerBytes", ParquetFiles.footer(file).fileSize() - ParquetFiles.footer(file).metadataOffset());
        return t;
    }

    /** Column-chunk bytes of the selected columns: what a read without skipping takes. */
    private long selectedChunkBytes() {
        long n = 0;
        for (RowGroup rg : ParquetFiles.metadata(file).rowGroups()) {
            for (int c = 0; c < rg.columns().size(); c++) {
                ColumnChunk cc = rg.columns().get(c);
                if ((projection == null || projection.contains(c)) && cc != null && cc.metaData() != null) {
                    n += Math.max(0, cc.metaData().totalCompressedSize());
                }
            }
        }
        return n;
    }

    /**
     * A read chunk's bytes as the plan's totals count them: what it reads to return rows, and
     * apart from that what of it was already read to decide (its dictionary), counted there.
     */
    private static void chunkBytes(ObjectNode n, RowGroupPlan gp, ColumnRead read) {
        long rest = gp.bytesRead(read);
        n.put("bytesRead", rest);
        if (rest != read.bytes()) {
            n.put("bytesReadToDecide", read.bytes() - rest);
        }
    }
}
