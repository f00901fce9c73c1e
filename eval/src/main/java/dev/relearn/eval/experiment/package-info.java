/**
 * Learning experiments on BEIR collections: simulated users (see {@code simulate}) search through
 * the engine and record their clicks through the public feedback API, exactly as real users
 * would; test nDCG@10 is measured along the way (the learning curve) and compared with the hybrid
 * first stage by paired significance tests (see {@code stats}). Five scenarios: generalisation to
 * unseen queries, repeated queries, noise, a mix of noisy and ordinary users, and attack. {@link
 * dev.relearn.eval.experiment.DatasetEvaluation} also builds one table per dataset (first-stage
 * modes, learned, learned with protected query vectors, and an oracle bound).
 */
package dev.relearn.eval.experiment;
