package results

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Ratings are a Bradley–Terry model fitted by maximum likelihood over every
// game of the journal, on the Elo scale: bot i beats bot j with probability
// 1/(1 + 10^((Rj-Ri)/400)). A win counts 1, a draw 1/2 to each bot (half a
// win and half a loss, as in Ordo), a loss 0, whatever the league's Scoring.
// A double forfeit (0-0) says nothing about either bot's strength and is
// left out, as is a game a bot plays against itself.
//
// The likelihood only fixes differences of ratings; they are anchored so
// that the mean rating of the rated bots is 0, and the error margins are 95%
// intervals (±1.96 standard deviations) from the inverse of the observed
// information (the negated Hessian of the log-likelihood) restricted to
// that anchor.
//
// The maximum exists and is finite exactly when the bots cannot be split in
// two groups where one group never scored against the other (a bot that won
// every game is such a group): the directed graph with an edge i→j when i
// scored against j must be strongly connected (Zermelo 1929, Ford 1957).
// When it is not, the fit says so in Prior and every bot gets one virtual
// draw against a bot of mean rating (rating 0), a weak prior in the manner
// of BayesElo's virtual draws: it keeps the ratings finite and pulls them
// towards the mean by the weight of one game.

// eloPerLogit is the Elo scale: one unit of natural log-odds is 400/ln 10
// (about 173.7) Elo.
const eloPerLogit = 400 / math.Ln10

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// pairing is the games between bots i and j that count in a fit.
type pairing struct {
	i, j  int
	games float64
	score float64 // i's score: wins plus half the draws
}

// fit is the result of fitRatings, on the Elo scale.
type fit struct {
	elo []float64     // mean 0
	cov *mat.SymDense // covariance of elo, in Elo²
	// prior is true when no finite maximum existed and the virtual draws
	// were added.
	prior bool
}

// margin returns bot i's 95% error margin.
func (f fit) margin(i int) float64 { return z95 * math.Sqrt(f.cov.At(i, i)) }

// los returns the likelihood of superiority of bot a over bot b: the
// probability that a's true rating is above b's, in the normal
// approximation of the fit (its rating difference and that difference's
// variance from the covariance matrix).
func (f fit) los(a, b int) float64 {
	v := f.cov.At(a, a) + f.cov.At(b, b) - 2*f.cov.At(a, b)
	d := f.elo[a] - f.elo[b]
	if v <= 0 {
		return 0.5
	}
	return 0.5 * math.Erfc(-d/math.Sqrt(2*v))
}

// fitRatings fits n bots' ratings to the games of pairings by Newton's
// method with step halving. Every bot must appear in some pairing.
func fitRatings(n int, ps []pairing) fit {
	prior := !stronglyConnected(n, ps)
	r := make([]float64, n) // logits
	ll := func(r []float64) float64 {
		var sum float64
		for _, p := range ps {
			d := r[p.i] - r[p.j]
			sum += p.score*logSigmoid(d) + (p.games-p.score)*logSigmoid(-d)
		}
		if prior {
			for _, x := range r {
				sum += 0.5*logSigmoid(x) + 0.5*logSigmoid(-x)
			}
		}
		return sum
	}
	var m *mat.SymDense
	grad := mat.NewVecDense(n, nil)
	step := mat.NewVecDense(n, nil)
	next := make([]float64, n)
	for iter := 0; iter < 100; iter++ {
		m = information(r, ps, prior, grad)
		var ch mat.Cholesky
		if !ch.Factorize(m) || ch.SolveVecTo(step, grad) != nil {
			// The information is positive definite on the anchor's
			// subspace whenever the graph is connected or the prior is
			// on: only a numerical breakdown stops here.
			break
		}
		cur := ll(r)
		t := 1.0
		for range 50 {
			for i := range r {
				next[i] = r[i] + t*step.AtVec(i)
			}
			if ll(next) >= cur-1e-12 {
				break
			}
			t /= 2
		}
		copy(r, next)
		if t*mat.Norm(step, math.Inf(1)) < 1e-10 {
			break
		}
	}
	m = information(r, ps, prior, grad)
	var ch mat.Cholesky
	cov := mat.NewSymDense(n, nil)
	if ch.Factorize(m) {
		// A mat.Condition error only warns that m is ill-conditioned; the
		// inverse is computed all the same.
		_ = ch.InverseTo(cov)
	}
	// cov is (PHP + J/n)⁻¹ = (PHP)⁺ + J/n: take the J/n back out and
	// rescale to Elo.
	for i := range n {
		for j := i; j < n; j++ {
			cov.SetSym(i, j, (cov.At(i, j)-1/float64(n))*eloPerLogit*eloPerLogit)
		}
	}
	mean := 0.0
	for _, x := range r {
		mean += x / float64(n)
	}
	elo := make([]float64, n)
	for i, x := range r {
		elo[i] = (x - mean) * eloPerLogit
	}
	return fit{elo: elo, cov: cov, prior: prior}
}

// information returns the observed information (the negated Hessian of the
// log-likelihood) at r projected on the anchor's subspace Σr = 0, plus J/n
// so that it is invertible there; it sets grad to the projected gradient.
// Solving with it gives a Newton step that keeps the mean at 0, and its
// inverse minus J/n is the anchored covariance.
func information(r []float64, ps []pairing, prior bool, grad *mat.VecDense) *mat.SymDense {
	n := len(r)
	h := mat.NewSymDense(n, nil)
	g := make([]float64, n)
	for _, p := range ps {
		q := sigmoid(r[p.i] - r[p.j])
		w := p.games * q * (1 - q)
		h.SetSym(p.i, p.i, h.At(p.i, p.i)+w)
		h.SetSym(p.j, p.j, h.At(p.j, p.j)+w)
		h.SetSym(p.i, p.j, h.At(p.i, p.j)-w)
		g[p.i] += p.score - p.games*q
		g[p.j] -= p.score - p.games*q
	}
	if prior {
		for i, x := range r {
			q := sigmoid(x)
			h.SetSym(i, i, h.At(i, i)+q*(1-q))
			g[i] += 0.5 - q
		}
	}
	// P = I - J/n; PHP + J/n.
	fn := float64(n)
	rowMean := make([]float64, n)
	var all, gMean float64
	for i := range n {
		for j := range n {
			rowMean[i] += h.At(i, j) / fn
		}
		all += rowMean[i] / fn
		gMean += g[i] / fn
	}
	for i := range n {
		for j := i; j < n; j++ {
			h.SetSym(i, j, h.At(i, j)-rowMean[i]-rowMean[j]+all+1/fn)
		}
		grad.SetVec(i, g[i]-gMean)
	}
	return h
}

// stronglyConnected reports whether every bot can reach every other in the
// graph with an edge i→j when i scored against j: the condition for a
// finite maximum-likelihood fit.
func stronglyConnected(n int, ps []pairing) bool {
	fwd := make([][]int, n)
	back := make([][]int, n)
	edge := func(a, b int) {
		fwd[a] = append(fwd[a], b)
		back[b] = append(back[b], a)
	}
	for _, p := range ps {
		if p.score > 0 {
			edge(p.i, p.j)
		}
		if p.games-p.score > 0 {
			edge(p.j, p.i)
		}
	}
	return reachesAll(fwd) && reachesAll(back)
}

// reachesAll reports whether every node of the adjacency lists adj is
// reachable from node 0.
func reachesAll(adj [][]int) bool {
	seen := make([]bool, len(adj))
	stack := []int{0}
	seen[0] = true
	count := 1
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range adj[v] {
			if !seen[w] {
				seen[w] = true
				count++
				stack = append(stack, w)
			}
		}
	}
	return count == len(adj)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// logSigmoid returns log σ(x) without overflow for large |x|.
func logSigmoid(x float64) float64 {
	if x < 0 {
		return x - math.Log1p(math.Exp(x))
	}
	return -math.Log1p(math.Exp(-x))
}
