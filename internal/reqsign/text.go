package reqsign

import (
	"crypto/ecdsa"
	"encoding/hex"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// SignText signs msg as an EIP-191 personal message with key and returns the signature as
// 0x and 130 hex digits (r || s || V, V 0 or 1), the form requests and submissions use: for
// records that must be checked apart from the request that carried them (a sealed bid).
func SignText(msg []byte, key *ecdsa.PrivateKey) (string, error) {
	if err := checkSigningKey(key); err != nil {
		return "", err
	}
	sig, err := crypto.Sign(textHash(msg), key)
	if err != nil {
		return "", fmt.Errorf("reqsign: signing: %w", err)
	}
	return "0x" + hex.EncodeToString(sig), nil
}

// RecoverText returns the address whose key signed msg as an EIP-191 personal message,
// given the signature as SignText writes it. Errors wrap ErrMalformed or ErrBadSignature.
func RecoverText(msg []byte, signature string) (common.Address, error) {
	sig, err := parseHex(signature, sigHexLen)
	if err != nil {
		return common.Address{}, fmt.Errorf("%w: signature: %v", ErrMalformed, err)
	}
	return recoverSigner(msg, sig)
}
