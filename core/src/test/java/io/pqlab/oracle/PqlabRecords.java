package io.pqlab.oracle;

import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.schema.PhysicalType;
import java.util.Arrays;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * pqlab's footer records filled in by hand with the figures parquet-java reads, so that a test of
 * the page index or Bloom filter reader does not depend on pqlab's own footer decoder. The one
 * place in this package that uses pqlab types; {@link ParquetJava} itself uses none.
 */
public final class PqlabRecords {
    private PqlabRecords() {}

    /** pqlab's physical type for parquet-java's (which calls BYTE_ARRAY BINARY). */
    public static PhysicalType type(PrimitiveTypeName t) {
        return t == PrimitiveTypeName.BINARY ? PhysicalType.BYTE_ARRAY : PhysicalType.valueOf(t.name());
    }

    /** pqlab's ColumnChunk with parquet-java's figures. */
    public static ColumnChunk chunk(ColumnChunkMetaData c) {
        IndexReference oi = c.getOffsetIndexReference();
        IndexReference ci = c.getColumnIndexReference();
        return new ColumnChunk(null, 0, metaData(c),
                oi == null ? -1 : oi.getOffset(), oi == null ? -1 : oi.getLength(),
                ci == null ? -1 : ci.getOffset(), ci == null ? -1 : ci.getLength(),
                c.isEncrypted());
    }

    /** pqlab's ColumnMetaData with parquet-java's figures (only those the index and filter readers use). */
    public static ColumnMetaData metaData(ColumnChunkMetaData c) {
        long dict = c.hasDictionaryPage() ? c.getDictionaryPageOffset() : -1;
        return new ColumnMetaData(
                type(c.getPrimitiveType().getPrimitiveTypeName()),
                new int[0],
                Arrays.asList(c.getPath().toArray()),
                0,
                c.getValueCount(),
                c.getTotalUncompressedSize(),
                c.getTotalSize(),
                null,
                c.getFirstDataPageOffset(),
                -1,
                dict,
                null,
                null,
                c.getBloomFilterOffset(),
                c.getBloomFilterLength(),
                null);
    }
}
