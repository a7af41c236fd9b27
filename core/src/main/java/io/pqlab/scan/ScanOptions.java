package io.pqlab.scan;

import io.pqlab.plan.Mechanisms;
import io.pqlab.predicate.Predicate;
import java.util.List;

/**
 * What a scan reads.
 *
 * @param predicate the condition, bound to the file; null for every row
 * @param columns leaf indexes of the columns to return; null for every column
 * @param mechanisms what the plan may use to skip
 * @param limit the most rows to return; a negative value for no limit
 * @param verifyChecksums whether to check page CRCs where the writer stored them
 * @param lateMaterialization whether to decode the other columns only where rows matched
 */
public record ScanOptions(Predicate predicate, List<Integer> columns, Mechanisms mechanisms, long limit,
        boolean verifyChecksums, boolean lateMaterialization) {

    public static ScanOptions of(Predicate predicate) {
        return new ScanOptions(predicate, null, Mechanisms.ALL, -1, false, true);
    }

    public ScanOptions withColumns(List<Integer> c) {
        return new ScanOptions(predicate, c, mechanisms, limit, verifyChecksums, lateMaterialization);
    }

    public ScanOptions withMechanisms(Mechanisms m) {
        return new ScanOptions(predicate, columns, m, limit, verifyChecksums, lateMaterialization);
    }

    public ScanOptions withLimit(long n) {
        return new ScanOptions(predicate, columns, mechanisms, n, verifyChecksums, lateMaterialization);
    }

    public ScanOptions withVerifyChecksums(boolean v) {
        return new ScanOptions(predicate, columns, mechanisms, limit, v, lateMaterialization);
    }

    public ScanOptions withLateMaterialization(boolean v) {
        return new ScanOptions(predicate, columns, mechanisms, limit, verifyChecksums, v);
    }
}
