/**
 * Page decoding: a column chunk's pages, all of them or only chosen ones, turned into levels and
 * typed values ({@link io.pqlab.column.ColumnChunkReader}, {@link io.pqlab.column.ColumnBatch}),
 * and a chunk's dictionary read alone ({@link io.pqlab.column.DictionaryPages}).
 */
package io.pqlab.column;
