package referee

// MaxAnswer and MaxDetail let the external tests see maxAnswer and
// maxDetail.
const (
	MaxAnswer = maxAnswer
	MaxDetail = maxDetail
)
