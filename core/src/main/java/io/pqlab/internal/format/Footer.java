package io.pqlab.internal.format;

/**
 * A decoded footer and where it lies.
 *
 * @param metadata the decoded FileMetaData
 * @param fileSize the file's size
 * @param metadataOffset where the Thrift FileMetaData starts
 * @param metadataLength its length, from the footer's length field
 */
public record Footer(FileMetaData metadata, long fileSize, long metadataOffset, int metadataLength) {}
