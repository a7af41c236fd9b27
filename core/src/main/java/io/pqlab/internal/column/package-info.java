/**
 * Page decoding: a column chunk's pages, all of them or only chosen ones, turned into levels and
 * typed values ({@link io.pqlab.internal.column.ColumnChunkReader}, {@link io.pqlab.internal.column.ColumnBatch}),
 * and a chunk's dictionary read alone ({@link io.pqlab.internal.column.DictionaryPages}).
 */
package io.pqlab.internal.column;
