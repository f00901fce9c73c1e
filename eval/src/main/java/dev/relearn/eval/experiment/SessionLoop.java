package dev.relearn.eval.experiment;

import dev.relearn.eval.simulate.Interaction;
import dev.relearn.eval.simulate.Seeds;
import dev.relearn.eval.simulate.SimulatedUser;
import dev.relearn.indexer.build.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.apache.lucene.util.IOFunction;

/**
 * Runs a sequence of simulated sessions and measures a learning curve at the {@link Checkpoints}.
 */
final class SessionLoop {
  /**
   * What a sequence of sessions produced.
   *
   * @param curve the learning curve, one point per checkpoint
   * @param events feedback events recorded (sessions with at least one click)
   * @param clicks clicks recorded in all
   * @param last the scores measured at the last checkpoint (after every session)
   * @param sessionSeconds wall time of the sessions
   * @param checkpointSeconds wall time of the checkpoint measurements
   */
  record Outcome(List<CurvePoint> curve, int events, long clicks, QueryScores last,
      double sessionSeconds, double checkpointSeconds) {}

  private final SessionRunner runner;
  private final LearnConfig config;
  private final Progress progress;

  SessionLoop(SessionRunner runner, LearnConfig config, Progress progress) {
    this.runner = runner;
    this.config = config;
    this.progress = progress;
  }

  /**
   * Runs {@code sessions} sessions: session i searches {@code queryAt.apply(i)} of {@code split},
   * as {@code userAt.apply(i)}, with its own generator from the seed and {@code stream}. At
   * each checkpoint {@code probe} measures the learned system's scores; {@code probe.apply(false)}
   * (the curve's intermediate points) needs only nDCG@10, so it may search the top {@value
   * Scorer#CURVE_DEPTH} only.
   */
  Outcome run(String stream, Split split, IntFunction<String> queryAt, int sessions,
      IntFunction<SimulatedUser> userAt, IOFunction<Boolean, QueryScores> probe)
      throws IOException {
    List<Integer> checkpoints = Checkpoints.of(sessions, config.curveEvery());
    List<CurvePoint> curve = new ArrayList<>();
    QueryScores last = null;
    int events = 0;
    long clicks = 0;
    int next = 0;
    long checkpointNanos = 0;
    long start = System.nanoTime();
    progress.start(stream + " sessions (" + split.name() + ")", sessions);
    try {
      for (int i = 0; i <= sessions; i++) {
        if (next < checkpoints.size() && checkpoints.get(next) == i) {
          long probeStart = System.nanoTime();
          boolean full = next == 0 || next == checkpoints.size() - 1;
          last = probe.apply(full);
          checkpointNanos += System.nanoTime() - probeStart;
          curve.add(new CurvePoint(i, last.ndcg(), runner.trust()));
          next++;
        }
        if (i == sessions) {
          break;
        }
        String id = queryAt.apply(i);
        SplittableRandom random = Seeds.of(config.seed(), stream, i);
        Interaction interaction = runner.run(userAt.apply(i), split.text(id),
            split.qrels().judgments(id), split.maxGrade(), random, "sim-" + stream + "-" + i,
            stream + "-" + config.seed() + "-" + i);
        if (interaction.hasClicks()) {
          events++;
          clicks += interaction.clicked().size();
        }
        progress.advance(i + 1);
      }
    } finally {
      progress.finish();
    }
    long total = System.nanoTime() - start;
    return new Outcome(curve, events, clicks, last, (total - checkpointNanos) / 1e9,
        checkpointNanos / 1e9);
  }
}
