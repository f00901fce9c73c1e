package dev.relearn.feedback.log;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Everything one replay handed over, in order, with its report. */
final class Replayed {
  final List<Long> seqs = new ArrayList<>();
  final List<byte[]> payloads = new ArrayList<>();
  ReplayReport report;

  /** Replays {@code log} into a new instance. */
  static Replayed of(Translog log) throws IOException {
    Replayed replayed = new Replayed();
    replayed.report = log.replay((seq, payload) -> {
      replayed.seqs.add(seq);
      replayed.payloads.add(payload);
    });
    return replayed;
  }

  /** The payloads as UTF-8 text. */
  List<String> texts() {
    List<String> texts = new ArrayList<>();
    payloads.forEach(p -> texts.add(new String(p, java.nio.charset.StandardCharsets.UTF_8)));
    return texts;
  }
}
