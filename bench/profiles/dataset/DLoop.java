import io.pqlab.*;
import java.nio.file.*;
import java.util.*;
public class DLoop {
  public static void main(String[] a) throws Exception {
    String mode = a[0]; int n = Integer.parseInt(a[1]);
    Path root = Path.of(System.getProperty("root", "bench/data/hive-1000"));
    Path cache = Path.of(System.getProperty("cache", "/tmp/dprof/cache"));
    Query q = Query.where("month = 6 AND amount > 9900");
    io.pqlab.bench.DatasetBench b = new io.pqlab.bench.DatasetBench();
    com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = 0; long[] walls = new long[n];
    for (int i = 0; i < n; i++) {
      if (i == n / 2) cpu0 = os.getProcessCpuTime();
      long t = System.nanoTime(); long r;
      if (mode.equals("cold")) {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) { r = d.plan(q).rowsKept(); }
      } else if (mode.equals("warm")) {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults().withCache(cache))) { r = d.plan(q).rowsKept(); }
      } else if (mode.equals("list")) {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) { r = d.files().size(); }
      } else {
        java.lang.reflect.Field f = b.getClass().getDeclaredField("root"); f.setAccessible(true); f.set(b, root);
        r = b.parquetJavaLoop();
      }
      walls[i] = System.nanoTime() - t;
      if (i == n - 1) { long[] w = java.util.Arrays.copyOfRange(walls, n / 2, n); java.util.Arrays.sort(w);
        System.out.printf("%s: rows %d, second half: median wall %.2f ms, min %.2f ms, process CPU %.2f ms/op%n", mode, r, w[w.length/2]/1e6, w[0]/1e6, (os.getProcessCpuTime()-cpu0)/1e6/(n-n/2)); }
    }
  }
}
