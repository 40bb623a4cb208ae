//go:build race

package contracts

// raceDetector says whether the tests were built with -race (see TestGasReport).
const raceDetector = true
