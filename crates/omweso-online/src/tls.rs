//! TLS for the server: rustls on its `ring` provider (not aws-lc, so that the build needs
//! only a C compiler), from a certificate chain and a private key in PEM. The caller reads
//! the files (the program through its `disk` reader) and hands the bytes over.

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::sync::Arc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::{self, ServerConfig};

/// Why the certificate and key make no TLS configuration.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// The certificate file holds no PEM certificate, or a broken one.
    #[error("the certificate: {0}")]
    Certificate(String),
    /// The key file holds no PEM private key, or a broken one.
    #[error("the private key: {0}")]
    Key(String),
    /// rustls refused the pair (the key does not match, an unsupported algorithm…).
    #[error("TLS: {0}")]
    Config(#[from] rustls::Error),
}

/// A TLS acceptor for `cert_pem` (the chain, leaf first) and `key_pem` (PKCS#8, PKCS#1 or
/// SEC1), with TLS 1.2 and 1.3 on the `ring` provider.
///
/// # Errors
/// [`TlsError`] naming the part that is wrong.
pub fn acceptor(cert_pem: &[u8], key_pem: &[u8]) -> Result<TlsAcceptor, TlsError> {
    let chain = CertificateDer::pem_slice_iter(cert_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| TlsError::Certificate(e.to_string()))?;
    if chain.is_empty() {
        return Err(TlsError::Certificate("no PEM certificate in it".into()));
    }
    let key = PrivateKeyDer::from_pem_slice(key_pem).map_err(|e| TlsError::Key(e.to_string()))?;
    let config = ServerConfig::builder_with_provider(ring_provider())
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// rustls's `ring` provider. rustls 0.23.48 marks it deprecated for want of post-quantum
/// key exchange (which only aws-lc offers); aws-lc needs CMake and more to build, and the
/// build must need only a C compiler, so `ring` it is (X25519 and the NIST curves).
#[allow(deprecated)]
pub(crate) fn ring_provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_named_as_the_certificate_or_the_key() {
        assert!(matches!(acceptor(b"not pem", b""), Err(TlsError::Certificate(_))));
        let cert = b"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
        assert!(matches!(acceptor(cert, b"nothing"), Err(TlsError::Key(_))));
    }
}
