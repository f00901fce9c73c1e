package dev.relearn.eval.experiment;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.SearchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Tunes the vote's settings without looking at test queries: a seeded {@link #VALIDATION_SHARE} of
 * the train split is held out, the simulated user runs sessions on the rest (once, with the
 * configured settings), and the learned mode is scored on the held-out queries with every {@link
 * Setting} of {@link #GRID}, each applied by reopening the index with it in {@code relearn.json}.
 * {@link #choose} picks one setting for every dataset.
 */
public final class TrustTuning {
  /** The share of the train split held out as validation queries. */
  public static final double VALIDATION_SHARE = 0.2;
  /**
   * One point of the grid: {@code rerank.maxPastQueries} (K), {@code temperature}, {@code
   * trustScale} and {@code sessionCap}.
   */
  public record Setting(int maxPastQueries, double temperature, double trustScale,
      double sessionCap) {
    /** As {@code relearn.json} says it. */
    String json() {
      return String.format(Locale.ROOT, "{\"rerank\": {\"maxPastQueries\": %d, \"temperature\":"
          + " %s, \"trustScale\": %s, \"sessionCap\": %s}}%n", maxPastQueries, temperature,
          trustScale, sessionCap);
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "K %d, temperature %s, trustScale %s, sessionCap %s",
          maxPastQueries, temperature >= 1e6 ? "none" : String.valueOf(temperature), trustScale,
          sessionCap);
    }
  }

  /**
   * Every setting tried: K and temperature outside, then the trust's scale, then the session cap. K
   * 20 and 50, temperatures below 0.2 and scales below 100 were within 0.001 of each other or lost
   * everywhere in a wider sweep.
   */
  public static final List<Setting> GRID = grid(List.of(50), List.of(0.2, 1e6),
      List.of(100.0, 200.0, 500.0), List.of(0.1, 0.2, 0.4));
  /** How far below the best mean validation Δ a setting with a smaller cap may be chosen. */
  public static final double NEAR_BEST = 0.001;
  /** The largest validation loss against hybrid a chosen scale may cause on any dataset. */
  public static final double MAX_LOSS = 0.002;

  /**
   * One dataset's validation figures: train queries the sessions drew from, held-out queries
   * scored, their nDCG@10 under hybrid and under the learned mode per setting, and the trust's
   * strength after the sessions (null: the prior).
   */
  public record Result(String dataset, int fitQueries, int validationQueries, double hybrid,
      Map<Setting, Double> learned, Double strength) {
    public Result {
      learned = Map.copyOf(learned);
    }

    /** Learned minus hybrid with {@code setting}. */
    public double delta(Setting setting) {
      return learned.get(setting) - hybrid;
    }
  }

  private final BeirDataset dataset;
  private final Path dir;
  private final RelearnOptions options;
  private final LearnConfig config;
  private final Progress progress;
  private final Fusion fusion = Fusion.byQueryClass();

  /** The index is {@code workDir/<dataset>-tune}. */
  public TrustTuning(BeirDataset dataset, Path workDir, RelearnOptions options,
      LearnConfig config, Progress progress) {
    this.dataset = Objects.requireNonNull(dataset, "dataset");
    this.dir = workDir.resolve(dataset.name() + "-tune");
    this.options = DatasetEvaluation.writableWithQueryCache(options);
    this.config = Objects.requireNonNull(config, "config");
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  /** Runs the sessions, then scores the validation queries with every setting. */
  public Result run() throws IOException {
    try (SharedEmbedder embedder = SharedEmbedder.of(options, DatasetEvaluation.QUERY_CACHE)) {
      RelearnOptions shared = options.withEmbedder(embedder);
      Split train = Split.forSessions(dataset, config.trainSplit());
      IntFunction<String> order = SessionLoop.order(train.ids(), config.seed(), "validation");
      List<String> validationIds = IntStream.range(0,
          (int) Math.round(train.size() * VALIDATION_SHARE)).mapToObj(order::apply).toList();
      List<String> fitIds = new ArrayList<>(train.ids());
      fitIds.removeAll(validationIds);
      Split fit = train.only(train.name() + " minus validation", fitIds);
      Split validation = train.only(train.name() + " validation", validationIds);
      write(null);
      double hybrid;
      Double strength;
      try (Relearn engine = open(shared)) {
        Scorer scorer = new Scorer(engine, fusion);
        LearningExperiment.reset(engine);
        SessionLoop loop = new SessionLoop(engine, fusion, config, progress);
        loop.run("tune", fit,
            SessionLoop.order(fit.ids(), config.seed(), "train"), config.sessionsFor(fit.size()),
            i -> config.user(), full -> scorer.score(validation, validation.ids(),
                SearchMode.LEARNED, Scorer.CURVE_DEPTH).scores());
        hybrid = scorer.score(validation, SearchMode.HYBRID).scores().ndcg();
        strength = loop.trust();
      }
      Map<Setting, Double> learned = new LinkedHashMap<>();
      try {
        for (Setting setting : GRID) {
          write(setting);
          try (Relearn engine = open(shared)) {
            learned.put(setting, new Scorer(engine, fusion).score(validation, SearchMode.LEARNED)
                .scores().ndcg());
          }
        }
      } finally {
        write(null);
      }
      return new Result(dataset.name(), fit.size(), validation.size(), hybrid, learned, strength);
    }
  }

  /**
   * The safest near-best setting: of those losing at most {@link #MAX_LOSS} on every dataset (all,
   * when none does), the ones within {@link #NEAR_BEST} of the best mean Δ; of those the smallest
   * {@code sessionCap} (it bounds one session's power, so a larger one must earn more than noise),
   * then the best mean, then the first in {@link #GRID}.
   */
  public static Setting choose(List<Result> results) {
    boolean anySafe = GRID.stream().anyMatch(setting -> safe(results, setting));
    Map<Setting, Double> means = new LinkedHashMap<>();
    for (Setting setting : GRID) {
      if (!anySafe || safe(results, setting)) {
        means.put(setting, results.stream().map(r -> r.delta(setting) / results.size())
            .reduce(0.0, Double::sum));
      }
    }
    double bestMean = means.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    Setting chosen = null;
    for (Map.Entry<Setting, Double> entry : means.entrySet()) {
      Setting setting = entry.getKey();
      if (entry.getValue() >= bestMean - NEAR_BEST && (chosen == null
          || setting.sessionCap() < chosen.sessionCap()
          || (setting.sessionCap() == chosen.sessionCap() && entry.getValue() > means.get(chosen)))) {
        chosen = setting;
      }
    }
    return chosen;
  }

  private static boolean safe(List<Result> results, Setting setting) {
    return results.stream().noneMatch(result -> result.delta(setting) < -MAX_LOSS);
  }

  private static List<Setting> grid(List<Integer> ks, List<Double> temperatures,
      List<Double> scales, List<Double> caps) {
    List<Setting> grid = new ArrayList<>();
    for (int k : ks) {
      for (double temperature : temperatures) {
        for (double scale : scales) {
          for (double cap : caps) {
            grid.add(new Setting(k, temperature, scale, cap));
          }
        }
      }
    }
    return List.copyOf(grid);
  }

  private Relearn open(RelearnOptions shared) throws IOException {
    return DatasetEvaluation.open(shared, dir, dataset, progress);
  }

  /** Writes {@code setting} as the index's relearn.json, or removes the file (null). */
  private void write(Setting setting) throws IOException {
    Path file = dir.resolve(ConfigLoader.FILE);
    if (setting == null) {
      Files.deleteIfExists(file);
    } else {
      Files.createDirectories(dir);
      Files.writeString(file, setting.json());
    }
  }
}
