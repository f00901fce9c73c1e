package dev.relearn.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * What the fault points of one class (a kind of fault at one step) produced, for {@link
 * StorageFaultTest}'s summary: how many failed the call with a clear error, failed elsewhere (a
 * background task: the call went through), lost acknowledged events, were reopened and were
 * recovered without a restart; how many tries ended before their point (tried again at a nearer
 * one); how many found the step doing none of the operations this time (a forget whose commit a
 * checkpoint had just made, say: then the recovery and reopen checks still run); and the unclear
 * errors, kept to be reported.
 */
final class FaultTally {
  final String name;
  int points;
  int clearErrors;
  int absorbed;
  int unreached;
  int idle;
  int lost;
  int reopened;
  int recovered;
  int replaced;
  final List<String> problems = new ArrayList<>();

  FaultTally(String name) {
    this.name = name;
  }

  /** One line: "write@index: 17 points → 17 clear IOException, ...". */
  String line() {
    return String.format("%-19s %2d points → %2d clear IOException, %2d went through (the fault"
        + " hit background work), %d lost, %2d reopened, %2d recovered (%2d by"
        + " replacing the writers); %d tries ended before their point, %d found no such operation",
        name + ":", points, clearErrors, absorbed, lost, reopened, recovered, replaced, unreached,
        idle);
  }
}
