/**
 * Simulated users, after the click models of the online learning-to-rank literature (Chuklin,
 * Markov and de Rijke, <i>Click Models for Web Search</i>, 2015; Hofmann, Whiteson and de Rijke,
 * 2011 and 2013): a {@link dev.relearn.eval.simulate.ClickModel} decides which of the shown
 * results are clicked from their relevance grades and positions, an {@link
 * dev.relearn.eval.simulate.OutcomeModel} whether the task succeeded, and a {@link
 * dev.relearn.eval.simulate.SimulatedUser} ties them to a shown list. Everything draws from a
 * caller's seeded generator, so a simulation is reproducible.
 */
package dev.relearn.eval.simulate;
