package io.pqlab.scan;

import io.pqlab.oracle.EncryptedFiles;
import io.pqlab.oracle.EncryptedFiles.Mode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Scans of files parquet-java encrypted, in every mode, return exactly parquet-java's matching rows and values. */
class EncryptedScanAgreementTest {
    @TempDir
    static Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.oracle.EncryptedFiles#modes")
    void scansWithTheKeysAgreeWithParquetJava(Mode m) throws IOException {
        Path path = EncryptedFiles.write(dir, m);
        ScanAgreementTest.check(path, 40, m.name().hashCode(), EncryptedFiles.keys(m));
    }
}
