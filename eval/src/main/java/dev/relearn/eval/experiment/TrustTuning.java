package dev.relearn.eval.experiment;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.search.SearchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Tunes {@code rerank.trustScale} without looking at test queries: a seeded {@link
 * #VALIDATION_SHARE} of the train split is held out, the simulated user runs sessions on the rest,
 * and the learned mode is scored on the held-out queries at every scale of {@link #SCALES}. The
 * feedback is gathered once, at the configured scale, and each scale is then applied to it by
 * reopening the index with that scale in its {@code relearn.json}. {@link #choose} picks one
 * scale for every dataset.
 */
public final class TrustTuning {
  /** The share of the train split held out as validation queries. */
  public static final double VALIDATION_SHARE = 0.2;
  /** The scales tried, in nats⁻¹ of held-out information per unit of the vote's weight. */
  public static final List<Double> SCALES = List.of(1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0);
  /** The largest validation loss against hybrid a chosen scale may cause on any dataset. */
  public static final double MAX_LOSS = 0.002;

  /**
   * One dataset's validation figures.
   *
   * @param dataset the dataset's name
   * @param fitQueries train queries the sessions drew from
   * @param validationQueries held-out train queries scored
   * @param hybrid validation nDCG@10 of hybrid
   * @param learned validation nDCG@10 of the learned mode, per scale
   * @param strength the trust's strength after the sessions (nats per preference), or null for
   *     the prior
   */
  public record Result(String dataset, int fitQueries, int validationQueries, double hybrid,
      Map<Double, Double> learned, Double strength) {
    /** Copies the map. */
    public Result {
      learned = Map.copyOf(learned);
    }

    /** Learned minus hybrid at {@code scale}. */
    public double delta(double scale) {
      return learned.get(scale) - hybrid;
    }
  }

  private final BeirDataset dataset;
  private final Path dir;
  private final RelearnOptions options;
  private final LearnConfig config;
  private final Progress progress;
  private final Fusion fusion = Fusion.byQueryClass();

  /**
   * @param workDir the evaluation folder: the index is {@code workDir/<dataset>-tune}
   */
  public TrustTuning(BeirDataset dataset, Path workDir, RelearnOptions options,
      LearnConfig config, Progress progress) {
    this.dataset = Objects.requireNonNull(dataset, "dataset");
    this.dir = workDir.resolve(dataset.name() + "-tune");
    this.options = options.withVectorCacheDir(options.vectorCacheDir() != null
        ? options.vectorCacheDir() : workDir.resolve(dataset.name()).resolve("vector-cache"))
        .withQueryCacheSize(Math.max(options.queryCacheSize(), DatasetEvaluation.QUERY_CACHE))
        .withReadOnly(false);
    this.config = Objects.requireNonNull(config, "config");
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  /** Runs the sessions, then scores the validation queries at every scale. */
  public Result run() throws IOException {
    try (SharedQueryEmbedder embedder = SharedQueryEmbedder.of(options, DatasetEvaluation.QUERY_CACHE)) {
      RelearnOptions shared = options.withEmbedder(embedder);
      Split train = Split.forSessions(dataset, config.trainSplit());
      List<String> shuffled = new ArrayList<>(train.ids());
      SessionOrder order = new SessionOrder(shuffled, config.seed(), "validation");
      List<String> validationIds = new ArrayList<>();
      for (int i = 0; i < Math.round(shuffled.size() * VALIDATION_SHARE); i++) {
        validationIds.add(order.apply(i));
      }
      List<String> fitIds = new ArrayList<>(train.ids());
      fitIds.removeAll(validationIds);
      Split fit = train.only(train.name() + " minus validation", fitIds);
      Split validation = train.only(train.name() + " validation", validationIds);
      writeScale(null);
      double hybrid;
      Double strength;
      try (Relearn engine = open(shared)) {
        Scorer scorer = new Scorer(engine, fusion);
        FeedbackReset.reset(engine);
        new SessionLoop(new SessionRunner(engine, fusion), config, progress).run("tune", fit,
            new SessionOrder(fit.ids(), config.seed(), "train"), config.sessionsFor(fit.size()),
            i -> config.user(), full -> scorer.score(validation, validation.ids(),
                SearchMode.LEARNED, fusion, Scorer.CURVE_DEPTH).scores());
        hybrid = scorer.score(validation, SearchMode.HYBRID).scores().ndcg();
        strength = new SessionRunner(engine, fusion).trust();
      }
      Map<Double, Double> learned = new LinkedHashMap<>();
      try {
        for (double scale : SCALES) {
          writeScale(scale);
          try (Relearn engine = open(shared)) {
            learned.put(scale, new Scorer(engine, fusion).score(validation, SearchMode.LEARNED)
                .scores().ndcg());
          }
        }
      } finally {
        writeScale(null);
      }
      return new Result(dataset.name(), fit.size(), validation.size(), hybrid, learned, strength);
    }
  }

  /**
   * The scale with the best mean validation Δ over {@code results} among those that lose at most
   * {@link #MAX_LOSS} on every dataset (the smaller on a tie), or the best mean when none does.
   */
  public static double choose(List<Result> results) {
    double best = Double.NaN;
    double bestMean = Double.NEGATIVE_INFINITY;
    boolean bestSafe = false;
    for (double scale : SCALES) {
      double mean = 0;
      boolean safe = true;
      for (Result result : results) {
        mean += result.delta(scale) / results.size();
        safe &= result.delta(scale) >= -MAX_LOSS;
      }
      if ((safe && !bestSafe) || (safe == bestSafe && mean > bestMean)) {
        best = scale;
        bestMean = mean;
        bestSafe = safe;
      }
    }
    return best;
  }

  private Relearn open(RelearnOptions shared) throws IOException {
    Relearn engine = Relearn.open(dir, shared);
    try {
      new FirstStageEvaluation(engine, dataset).indexCorpus(progress);
      return engine;
    } catch (IOException | RuntimeException e) {
      engine.close();
      throw e;
    }
  }

  /** Sets {@code rerank.trustScale} in the index's relearn.json, or removes the file (null). */
  private void writeScale(Double scale) throws IOException {
    Path file = dir.resolve(ConfigLoader.FILE);
    if (scale == null) {
      Files.deleteIfExists(file);
    } else {
      Files.createDirectories(dir);
      Files.writeString(file, String.format(Locale.ROOT,
          "{\"rerank\": {\"trustScale\": %s}}%n", scale));
    }
  }
}
