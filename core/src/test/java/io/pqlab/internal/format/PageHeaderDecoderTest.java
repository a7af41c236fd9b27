package io.pqlab.internal.format;

import static io.pqlab.internal.format.ThriftWriter.STRUCT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import org.junit.jupiter.api.Test;

class PageHeaderDecoderTest {

    private static PageHeaderDecoder.Decoded decode(ThriftWriter w) {
        byte[] b = w.bytes();
        // trailing bytes (the page body) are not read
        byte[] withBody = java.util.Arrays.copyOf(b, b.length + 10);
        return PageHeaderDecoder.decode(withBody, 0, withBody.length, 1000);
    }

    @Test
    void v1DataPageWithStatisticsAndCrc() {
        ThriftWriter w = new ThriftWriter().begin().i32Field(1, 0).i32Field(2, 100).i32Field(3, 60).i32Field(4, -5)
                .field(5, STRUCT).begin().i32Field(1, 10).i32Field(2, 8).i32Field(3, 3).i32Field(4, 0)
                .field(5, STRUCT).begin().i64Field(3, 2).binaryField(5, new byte[] {5}).binaryField(6, new byte[] {1})
                .end().end().end();
        PageHeaderDecoder.Decoded d = decode(w);
        assertThat(d.length()).isEqualTo(w.size());
        PageHeader h = d.header();
        assertThat(h.type()).isEqualTo(PageHeader.DATA_PAGE);
        assertThat(h.uncompressedPageSize()).isEqualTo(100);
        assertThat(h.compressedPageSize()).isEqualTo(60);
        assertThat(h.hasCrc()).isTrue();
        assertThat(h.crc()).isEqualTo(-5);
        assertThat(h.numValues()).isEqualTo(10);
        assertThat(h.encoding()).isEqualTo(8);
        assertThat(h.dataPageHeader().definitionLevelEncoding()).isEqualTo(3);
        assertThat(h.statistics().nullCount()).isEqualTo(2);
        assertThat(h.statistics().maxValue()).containsExactly(5);
    }

    @Test
    void v2DefaultsToCompressed() {
        ThriftWriter w = new ThriftWriter().begin().i32Field(1, 3).i32Field(2, 50).i32Field(3, 40)
                .field(8, STRUCT).begin().i32Field(1, 10).i32Field(2, 2).i32Field(3, 4).i32Field(4, 0)
                .i32Field(5, 6).i32Field(6, 3).end().end();
        PageHeader h = decode(w).header();
        assertThat(h.hasCrc()).isFalse();
        assertThat(h.dataPageHeaderV2().compressed()).isTrue();
        assertThat(h.dataPageHeaderV2().numRows()).isEqualTo(4);
        ThriftWriter uncompressed = new ThriftWriter().begin().i32Field(1, 3).i32Field(2, 50).i32Field(3, 40)
                .field(8, STRUCT).begin().i32Field(1, 10).i32Field(2, 2).i32Field(3, 4).i32Field(4, 0)
                .i32Field(5, 6).i32Field(6, 3).boolField(7, false).end().end();
        assertThat(decode(uncompressed).header().dataPageHeaderV2().compressed()).isFalse();
    }

    @Test
    void dictionaryIndexAndUnknownPages() {
        PageHeader dict = decode(new ThriftWriter().begin().i32Field(1, 2).i32Field(2, 8).i32Field(3, 8)
                .field(7, STRUCT).begin().i32Field(1, 2).i32Field(2, 0).boolField(3, true).end().end()).header();
        assertThat(dict.isDictionaryPage()).isTrue();
        assertThat(dict.dictionaryPageHeader().sorted()).isTrue();
        PageHeader index = decode(new ThriftWriter().begin().i32Field(1, 1).i32Field(2, 8).i32Field(3, 8)
                .field(6, STRUCT).begin().end().end()).header();
        assertThat(index.type()).isEqualTo(PageHeader.INDEX_PAGE);
        assertThat(index.numValues()).isEqualTo(-1);
        PageHeader future = decode(new ThriftWriter().begin().i32Field(1, 9).i32Field(2, 8).i32Field(3, 8)
                .unknownFieldsOfEveryType(20).end()).header();
        assertThat(future.type()).isEqualTo(9);
        assertThat(future.isDataPage()).isFalse();
    }

    @Test
    void negativeOrMissingSizesAreMalformed() {
        assertThatThrownBy(() -> decode(new ThriftWriter().begin().i32Field(1, 0).i32Field(2, 10).i32Field(3, -1)
                .end())).isInstanceOf(MalformedFileException.class).hasMessageContaining("negative compressed_page_size")
                .extracting(e -> ((MalformedFileException) e).offset()).isEqualTo(1000L + 5);
        assertThatThrownBy(() -> decode(new ThriftWriter().begin().i32Field(1, 0).i32Field(3, 10).end()))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("uncompressed page size");
        assertThatThrownBy(() -> decode(new ThriftWriter().begin().i32Field(2, 10).i32Field(3, 10).end()))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("without a page type");
        // negative counts in the sub-headers (ARROW-RS-GH-6229)
        assertThatThrownBy(() -> decode(new ThriftWriter().begin().i32Field(1, 2).i32Field(2, 8).i32Field(3, 8)
                .field(7, STRUCT).begin().i32Field(1, -26).i32Field(2, 0).end().end()))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("negative");
        // the sub-header the type names is missing
        assertThatThrownBy(() -> decode(new ThriftWriter().begin().i32Field(1, 0).i32Field(2, 8).i32Field(3, 8).end()))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("data_page_header");
        // v2 levels larger than the page
        assertThatThrownBy(() -> decode(new ThriftWriter().begin().i32Field(1, 3).i32Field(2, 50).i32Field(3, 8)
                .field(8, STRUCT).begin().i32Field(1, 10).i32Field(2, 2).i32Field(3, 4).i32Field(4, 0)
                .i32Field(5, 6).i32Field(6, 3).end().end()))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("level lengths");
    }

    @Test
    void aHeaderCutShortIsMalformed() {
        byte[] b = new ThriftWriter().begin().i32Field(1, 0).i32Field(2, 100).i32Field(3, 60)
                .field(5, STRUCT).begin().i32Field(1, 10).i32Field(2, 8).end().end().bytes();
        for (int n = 0; n < b.length; n++) {
            int len = n;
            assertThatThrownBy(() -> PageHeaderDecoder.decode(b, 0, len, 0)).isInstanceOf(MalformedFileException.class);
        }
        assertThat(PageHeaderDecoder.decode(b, 0, b.length, 0).length()).isEqualTo(b.length);
    }
}
