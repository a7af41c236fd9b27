package io.pqlab.bench.hardwood;

import dev.hardwood.Hardwood;
import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.reader.FilterPredicate;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** hardwood as its users drive it: a fresh instance per scan (nothing cached between calls). */
public final class Hw {
    private Hw() {}

    /**
     * Every column of the rows matching {@code p} (all rows when null). The timestamp is read as
     * its raw value; {@code threads} sizes hardwood's executor (it decodes ahead on it).
     */
    public static long scan(Path file, FilterPredicate p, int threads, Consumer<Object> sink) throws IOException {
        long n = 0;
        try (Hardwood hw = Hardwood.create(HardwoodContext.create(threads));
             ParquetFileReader r = hw.open(InputFile.of(file))) {
            var b = r.buildRowReader();
            if (p != null) {
                b.filter(p);
            }
            try (RowReader rows = b.build()) {
                while (rows.hasNext()) {
                    rows.next();
                    sink.accept(rows.getLong(0));
                    sink.accept(rows.getLong(1));
                    sink.accept(rows.getString(2));
                    sink.accept(rows.isNull(3) ? null : rows.getLong(3));
                    sink.accept(rows.getRawValue(4));
                    sink.accept(rows.isNull(5) ? null : rows.getString(5));
                    n++;
                }
            }
        }
        return n;
    }
}
