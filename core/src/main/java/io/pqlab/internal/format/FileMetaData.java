package io.pqlab.internal.format;

import io.pqlab.schema.SchemaElement;
import java.util.List;

/**
 * parquet.thrift's FileMetaData.
 *
 * @param version -1 when absent
 * @param schema never absent (a footer without one is malformed)
 * @param numRows -1 when absent
 * @param rowGroups never absent (a footer without them is malformed); see {@link RowGroup#columns()}
 * @param keyValueMetadata empty when absent
 * @param createdBy null when absent
 * @param columnOrders null when absent: then min_value and max_value have no defined meaning
 * @param encryptionAlgorithm whether field 8 is set (plaintext-footer encryption)
 */
public record FileMetaData(
        int version,
        List<SchemaElement> schema,
        long numRows,
        List<RowGroup> rowGroups,
        List<KeyValue> keyValueMetadata,
        String createdBy,
        List<ColumnOrder> columnOrders,
        boolean encryptionAlgorithm) {}
