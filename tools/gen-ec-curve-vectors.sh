#!/bin/sh
# Regenerates data/ec_{ecdsa,ecdh}_{prime,binary}_vectors.c: the
# fixed keys and known answers of the ECDSA and ECDH curves of `openssl speed`
# that tools/gen-pkey-keys.sh does not make (it has ECDSA P-256, P-384, P-521,
# K-283, B-283 and ECDH P-256, P-384), made and checked with the system
# `openssl` command line tool (an implementation independent of the library
# under test).
#
#   tools/gen-ec-curve-vectors.sh [DIR]      (default data)
#
#   ECDSA  a new random key per curve (SEC1 ECPrivateKey with its named curve,
#          which d2i_ECPrivateKey parses from 0.9.8 on) and one signature made
#          with it, verified twice (the private and the public key).  What it
#          signs: SHA-256(rsa_test_msg) where the curve's order n has 256 bits
#          or more, else the digest's leftmost floor(bits(n)/8) bytes (`msg`):
#          an input no longer than n, which FIPS 186-3 signs without
#          truncation and 0.9.8 up to 0.9.8l signs at all (docs/ec-curves.md).
#   ECDH   NIST CAVP KAS ECC CDH primitive vectors (KAS_ECC_CDH_PrimitiveTest.txt,
#          sha256 456068d3f8aad8ac62a03d19ed3173f00ad51f42b51aeab4753c20f30c01cf23,
#          COUNT = 0 of each curve) for P-192 ... P-521, K-163 ... K-571 and
#          B-163 ... B-571: QCAVS as the peer, ZIUT as the shared secret.  They
#          are cofactor ECDH (Z = x(h * dIUT * QCAVS)); the key is h * dIUT mod n,
#          with which the plain ECDH every release has (and `openssl speed`
#          times) gives the same Z (h = 1 on the P curves: dIUT itself).
#          RFC 7027 appendix A (as in OpenSSL's test/ecdhtest.c) for
#          brainpoolP256r1, P384r1, P512r1: dA as the key, dB's point as the
#          peer.  secp160r1 and brainpool t1 have no published vector: two
#          random keys, the secret the CLI derives both ways; at run time the
#          libraries of a run must also agree on it (harness/agreement.h).
# Running this again makes NEW random keys for ECDSA and the unpublished ECDH
# curves: the output is committed.
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

dir=${1:-data}
needs openssl xxd bc
tmpdir
hex2bin "$rsa_test_digest" "$tmp/digest"

# The curve's order n and cofactor h (upper-case hex, for bc).
order() {
    openssl ecparam -name "$1" -param_enc explicit -text -noout |
        sed -n '/^Order/,/^Cofactor/{/^Cofactor/d;s/Order://;p}' | tr -d ' :\n' |
        tr 'a-f' 'A-F' | sed 's/^0*//'
}
cofactor() {
    openssl ecparam -name "$1" -param_enc explicit -text -noout |
        sed -n 's/^Cofactor: *\([0-9]*\).*/\1/p'
}
bits() { # of upper-case hex without leading zeros
    echo "obase=10; ibase=16; x=$1; b=0; while (x > 0) { x = x / 2; b = b + 1 }; b" | bc
}

# sec1 NAME CURVE D: NAME.key, the full SEC1 key (public point included) of
# the private scalar D (hex).
sec1() {
    d=$3
    [ $((${#d} % 2)) -eq 0 ] || d=0$d
    printf 'asn1=SEQUENCE:k\n[k]\nv=INTEGER:1\nd=FORMAT:HEX,OCTETSTRING:%s\n' "$d" >"$tmp/$1.cnf"
    printf 'c=EXPLICIT:0,OID:%s\n' "$2" >>"$tmp/$1.cnf"
    openssl asn1parse -genconf "$tmp/$1.cnf" -noout -out "$tmp/$1.d" >/dev/null
    openssl ec -inform DER -in "$tmp/$1.d" -outform DER -out "$tmp/$1.key" 2>/dev/null
    openssl ec -inform DER -in "$tmp/$1.key" -check -noout 2>/dev/null || die "$1: bad key"
}
# spki NAME CURVE X Y: NAME.peer, the SubjectPublicKeyInfo of the point;
# coordinates of FLEN bytes (CAVP pads some with zeros).
spki() {
    x=$(printf '%s' "$3" | tail -c $((2 * flen))) y=$(printf '%s' "$4" | tail -c $((2 * flen)))
    printf 'asn1=SEQUENCE:s\n[s]\na=SEQUENCE:a\nq=FORMAT:HEX,BITSTRING:04%s%s\n' "$x" "$y" \
        >"$tmp/$1.pcnf"
    printf '[a]\no=OID:id-ecPublicKey\nc=OID:%s\n' "$2" >>"$tmp/$1.pcnf"
    openssl asn1parse -genconf "$tmp/$1.pcnf" -noout -out "$tmp/$1.peer" >/dev/null
}
derive() { # KEY PEER OUT [pkeyopt]
    openssl pkeyutl -derive -keyform DER -inkey "$1" -peerform DER -peerkey "$2" -out "$3" \
        ${4:+-pkeyopt "$4"}
}

ecdsa_names=
for c in p192:prime192v1 p224:secp224r1 k163:sect163k1 k233:sect233k1 k409:sect409k1 \
    k571:sect571k1 b163:sect163r2 b233:sect233r1 b409:sect409r1 b571:sect571r1 \
    secp160r1:secp160r1 brainpoolp256r1:brainpoolP256r1 brainpoolp256t1:brainpoolP256t1 \
    brainpoolp384r1:brainpoolP384r1 brainpoolp384t1:brainpoolP384t1 \
    brainpoolp512r1:brainpoolP512r1 brainpoolp512t1:brainpoolP512t1; do
    n=ecdsa_${c%%:*} curve=${c#*:} in=$tmp/digest
    nbits=$(bits "$(order "$curve")")
    if [ "$nbits" -lt 256 ]; then
        head -c $((nbits / 8)) "$tmp/digest" >"$tmp/$n.msg"
        in=$tmp/$n.msg
    fi
    openssl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$curve" \
        -pkeyopt ec_param_enc:named_curve -out "$tmp/$n.pem" 2>/dev/null
    openssl ec -in "$tmp/$n.pem" -outform DER -out "$tmp/$n.key" 2>/dev/null
    openssl ec -inform DER -in "$tmp/$n.key" -check -noout 2>/dev/null || die "$n: bad key"
    openssl pkey -in "$tmp/$n.pem" -pubout -out "$tmp/$n.pub"
    openssl pkeyutl -sign -inkey "$tmp/$n.pem" -in "$in" -out "$tmp/$n.expect"
    openssl pkeyutl -verify -inkey "$tmp/$n.pem" -in "$in" -sigfile "$tmp/$n.expect" \
        >/dev/null || die "$n: signature does not verify"
    openssl pkeyutl -verify -pubin -inkey "$tmp/$n.pub" -in "$in" -sigfile "$tmp/$n.expect" \
        >/dev/null || die "$n: the public key rejects the signature"
    ecdsa_names="$ecdsa_names $n"
done

# cavp NAME CURVE FLEN QCAVSx QCAVSy dIUT ZIUT
cavp() {
    flen=$3
    spki "$1" "$2" "$4" "$5"
    hex2bin "$7" "$tmp/$1.expect"
    sec1 "$1.orig" "$2" "$6"
    derive "$tmp/$1.orig.key" "$tmp/$1.peer" "$tmp/$1.cof" ecdh_cofactor_mode:1
    same "$tmp/$1.cof" "$tmp/$1.expect" || die "$1: cofactor ECDH of the vector is not ZIUT"
    n=$(order "$2") d=$(printf '%s' "$6" | tr 'a-f' 'A-F')
    sec1 "$1" "$2" "$(echo "obase=16; ibase=16; ($(cofactor "$2") * $d) % $n" | BC_LINE_LENGTH=0 bc)"
    derive "$tmp/$1.key" "$tmp/$1.peer" "$tmp/$1.got"
    same "$tmp/$1.got" "$tmp/$1.expect" || die "$1: plain ECDH with h * dIUT is not ZIUT"
}
# rfc7027 NAME CURVE dA dB Z
rfc7027() {
    sec1 "$1" "$2" "$3"
    sec1 "$1.b" "$2" "$4"
    openssl ec -inform DER -in "$tmp/$1.b.key" -pubout -outform DER -out "$tmp/$1.peer" 2>/dev/null
    hex2bin "$5" "$tmp/$1.expect"
    derive "$tmp/$1.key" "$tmp/$1.peer" "$tmp/$1.got"
    same "$tmp/$1.got" "$tmp/$1.expect" || die "$1: the RFC 7027 shared secret differs"
}
# agree NAME CURVE: two random keys; the secret both ways
agree() {
    for k in a b; do
        openssl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$2" \
            -pkeyopt ec_param_enc:named_curve -out "$tmp/$1.$k.pem" 2>/dev/null
        openssl ec -in "$tmp/$1.$k.pem" -outform DER -out "$tmp/$1.$k.der" 2>/dev/null
        openssl ec -in "$tmp/$1.$k.pem" -pubout -outform DER -out "$tmp/$1.$k.pub" 2>/dev/null
    done
    mv "$tmp/$1.a.der" "$tmp/$1.key"
    mv "$tmp/$1.b.pub" "$tmp/$1.peer"
    derive "$tmp/$1.key" "$tmp/$1.peer" "$tmp/$1.expect"
    derive "$tmp/$1.b.der" "$tmp/$1.a.pub" "$tmp/$1.back"
    same "$tmp/$1.expect" "$tmp/$1.back" || die "$1: the two sides derive different secrets"
}

cavp ecdh_p192 prime192v1 24 \
    42ea6dd9969dd2a61fea1aac7f8e98edcc896c6e55857cc0 dfbe5d7c61fac88b11811bde328e8a0d12bf01a9d204b523 \
    f17d3fea367b74d340851ca4270dcb24c271f445bed9d527 803d8ab2e5b6e6fca715737c3a82f7ce3c783124f6d51cd0
cavp ecdh_p224 secp224r1 28 \
    af33cd0629bc7e996320a3f40368f74de8704fa37b8fab69abaae280 \
    882092ccbba7930f419a8a4f9bb16978bbc3838729992559a6f2e2d7 \
    8346a60fc6f293ca5a0d2af68ba71d1dd389e5e40837942df3e43cbd \
    7d96f9a3bd3c05cf5cc37feb8b9d5209d5c2597464dec3e9983743e8
cavp ecdh_p521 secp521r1 66 \
    000000685a48e86c79f0f0875f7bc18d25eb5fc8c0b07e5da4f4370f3a9490340854334b1e1b87fa395464c60626124a4e70d0f785601d37c09870ebf176666877a2046d \
    000001ba52c56fc8776d9e8f5db4f0cc27636d0b741bbe05400697942e80b739884a83bde99e0f6716939e632bc8986fa18dccd443a348b6c3e522497955a4f3c302f676 \
    0000017eecc07ab4b329068fba65e56a1f8890aa935e57134ae0ffcce802735151f4eac6564f6ee9974c5e6887a1fefee5743ae2241bfeb95d5ce31ddcb6f9edb4d6fc47 \
    005fc70477c3e63bc3954bd0df3ea0d1f41ee21746ed95fc5e1fdf90930d5e136672d72cc770742d1711c3c3a4c334a0ad9759436a4d3c5bf6e74b9578fac148c831
cavp ecdh_k163 sect163k1 21 \
    0000000574236f1428c432130946783a5b3aabb6c27ea5d6 00000007908c251b8da021cbac281f123f7af4fac5b3dbb8 \
    6653b6077398fadc7bf5e60158170148c3dc4527 04325bff38f1b0c83c27f554a6c972a80f14bc23bc
cavp ecdh_k233 sect233k1 30 \
    000001f40e34b3ed4a1b2d40c056fb75f2ad543c897cfd82f542cf746a0f202f \
    000000c130a1abe92bc4c977c800777996ccc50b90df991a2e81dd515c188599 \
    000000135a5b8c3ce047fbc5df26277d3bf83ac33ddadb5cf4a050ca82be48f0 \
    00a822b141ca1f5ad32899e68c54d1fec3df8100df485ebf1c5868a9ac89
cavp ecdh_k283 sect283k1 36 \
    03f075c24c35a9dc9952be6fd32b761dce63f4720a22408e3a14bbd097e012b5694c22a0 \
    0675825b40202e95be7dab5a826147e04b8c51a09b0034577c1f31f8c16a70c8e1c85b89 \
    015fde49b802542a52c70b23a0b1784e5f8780b56853f9a5f8c3a5266e8727dce97d4a17 \
    0745552817b5d729310b7dbebae687648714a9ae695dad20ca1ab6111c3d054670f21132
cavp ecdh_k409 sect409k1 52 \
    0177f736f6116320cafbb5b4dec202d40508182fe011189b81e1f3998f5408607a46bb150ac47bcaaafde47b8a7b72f478bc22d2 \
    01df4ef4b37e0124e55b67f3586de24a88a6c5d98854007d4b0c4b4ccd68d51fafa7638bbe555d60b74def217c6a63c5b4068fb7 \
    00084b711e3c60822e70fa6828b5abfb0e448888b35b0c8bb09f806616dc1ecf22dd86237d937c1bfde62b75ae655953fc6b2f7e \
    0176bc5c4036ce5125493a58dd265f04d190f028366f7799f70aedf29ac67b5b37c37238593377a47944f5b639f43856dbd560ec
cavp ecdh_k571 sect571k1 72 \
    03106a5c1d923a0990ea8c6008c36c366b53e5622b98464044741fbc7840284db8bbf602866c30ccbf5f9b7e59cc1d9bfcc5b970fa624da9b15f6cb336f5dda7e6b9924d5dce4543 \
    005c5c7bbd5a789ac4c6283deb0d0d37c4852baa57d6bc2b0ac6337feb09704c44d1b385b70cc394fa235d83e6e7111787e57d0902c0cb132a190a6e62f398511c0c2c4cd50d4570 \
    0173cd1631e18ece01b73b3572ffaa7495c4bc81f4078ae50d69cb1e338acf13469117112921166ddf2d29f3a9f8e10c67e88c9a99203a834565be76ac59126436739a6afa029cc5 \
    003198a6b5d6cce847e24348a6a6ceff7a89ed3794d7acedc4e858c80ad04a74dbc02c7038e05ab26b2a299ec92ee0d2c7e66a81872a5157fbc5d4d37ad598d6ddee995ed28a2d74
cavp ecdh_b163 sect163r2 21 \
    00000003a647ba32dac71ec6780b0638a70cd24fc3bd4c8e 00000002e69e961541844a4aa33769a7bce710f6640a560c \
    00000003edae173de8fa0cf0412d6a7bdc81fdbd0617adf8 0100fb42d177ffe6c31378e2e04e0da7376ffe8765
cavp ecdh_b233 sect233r1 30 \
    0000004756baddefc3dc337ab27b5452eb10affd9e31f5b55c330e90f0f686a2 \
    0000012a79f65232308a21c98c01555ccafc7dce15c8fed3025a760cbd6c2327 \
    0000003c3ee474ac0d0bc1df567e3c35f5f766c5332b2d6730ff0e4d8e75aedb \
    00e9f3d8c4f1bec0f920e763ea1bb7415899f01734609e7547dc425ec946
cavp ecdh_b283 sect283r1 36 \
    02504e1a17819d39f010a4a69a0568299402b58f944a384c7d1a62c9c93ea4d1ff300e13 \
    0265132f7b4c64b74b9179ed0f2e211f4328d625405022f554170da932b80fdf7c1aab12 \
    02f43455842246a2cc8ec068e9d6c6e4160f6ba4e3b5d831d93c1daa8fd3d5a9660c7bb1 \
    065194e26090e74047ee75f13f9769d20e1b52189650011e283daa090732cc53755dc366
cavp ecdh_b409 sect409r1 52 \
    0146989a50297be373dd665c45455a2ae4c221da5cd424007bd97f9e8e846f96740f3fa58c3c94129671cdd4d7ea650a2aade9d7 \
    01b42bffda843946a14ad6080f95b8fc6b7e173528d08ed36fe640aaf85aa00fb5edd5905a38b3c7961b7722b77b8dcb44bb25f5 \
    00ace92103ffe262ac17ad42a46d4366f4cb4c580eff3ab1dde6bddfdbb7374811d52b1fa99320b4af5d4e9208c14eb8efa8916c \
    01d48a586be9285fa38dd3e70b0330b0ffebd327ceefef88fdc1521ef2fd61cbc9124e03b0c926e70fa56acb3edb54c3c48fab2b
cavp ecdh_b571 sect571r1 72 \
    03b63f5fa112ae6b5f113c765144fe4cbd6020e26d400c11609a3a634b9a325f416b0e3d3215734c68a1c2c8fad1d0bb9eb3939a41af22421f68781e7eb0664b9df5cea448deaa3b \
    008e6cc77bcddc816e84cfc1f626824fa24d3d5fd33d8093cbfe1fc4d881b63b494123bc759670edcb1887bb3b9d5a8b516bc503828163709d4dacb594d277a15a92c064e5770d1b \
    0344f22be87999b95b2287f67430ea8fe646c62fe38b7ce61f1f956597c27bddd9902e20d4436abf3bebd8243ec29a00481a8a2c19f550e99641b5f14aafbb5bda953a7559f8653a \
    06775e1b99a236e02b020bc73666e5751c1210dcb6e9b02a69f4075376e49f7a1476d2209e861abb73f5e3ad189d268e035b1de93d47b3a64de5783c9a09bc223e1cc612f26dcdf1
rfc7027 ecdh_brainpoolp256r1 brainpoolP256r1 \
    81DB1EE100150FF2EA338D708271BE38300CB54241D79950F77B063039804F1D \
    55E40BC41E37E3E2AD25C3C6654511FFA8474A91A0032087593852D3E7D76BD3 \
    89AFC39D41D3B327814B80940B042590F96556EC91E6AE7939BCE31F3A18BF2B
rfc7027 ecdh_brainpoolp384r1 brainpoolP384r1 \
    1E20F5E048A5886F1F157C74E91BDE2B98C8B52D58E5003D57053FC4B0BD65D6F15EB5D1EE1610DF870795143627D042 \
    032640BC6003C59260F7250C3DB58CE647F98E1260ACCE4ACDA3DD869F74E01F8BA5E0324309DB6A9831497ABAC96670 \
    0BD9D3A7EA0B3D519D09D8E48D0785FB744A6B355E6304BC51C229FBBCE239BBADF6403715C35D4FB2A5444F575D4F42
rfc7027 ecdh_brainpoolp512r1 brainpoolP512r1 \
    16302FF0DBBB5A8D733DAB7141C1B45ACBC8715939677F6A56850A38BD87BD59B09E80279609FF333EB9D4C061231FB26F92EEB04982A5F1D1764CAD57665422 \
    230E18E1BCC88A362FA54E4EA3902009292F7F8033624FD471B5D8ACE49D12CFABBC19963DAB8E2F1EBA00BFFB29E4D72D13F2224562F405CB80503666B25429 \
    A7927098655F1F9976FA50A9D566865DC530331846381C87256BAF3226244B76D36403C024D7BBF0AA0803EAFF405D3D24F11A9B5C0BEF679FE1454B21C4CD1F
agree ecdh_secp160r1 secp160r1
agree ecdh_brainpoolp256t1 brainpoolP256t1
agree ecdh_brainpoolp384t1 brainpoolP384t1
agree ecdh_brainpoolp512t1 brainpoolP512t1
ecdh_names="ecdh_secp160r1 ecdh_p192 ecdh_p224 ecdh_p521 ecdh_k163 ecdh_k233 ecdh_k283 ecdh_k409
    ecdh_k571 ecdh_b163 ecdh_b233 ecdh_b283 ecdh_b409 ecdh_b571 ecdh_brainpoolp256r1
    ecdh_brainpoolp256t1 ecdh_brainpoolp384r1 ecdh_brainpoolp384t1 ecdh_brainpoolp512r1
    ecdh_brainpoolp512t1"

# carray16 NAME FILE: as carray, but 16 bytes a line and no blank line after:
# the layout these four files have had from the start
carray16() {
    printf 'static const unsigned char %s[] = {\n' "$1"
    xxd -i -c 16 <"$2"
    printf '};\n'
}
# emit OUT WHAT NAMES
emit() {
    out=$1 what=$2
    shift 2
    {
        banner
        printf ' * %s (the script says where each comes from).  Test keys only. */\n' "$what"
        printf '#include "../harness/workloads/ec_curve_vectors.h"\n\n#include <stddef.h>\n\n'
        for n in "$@"; do
            for p in key peer expect msg; do
                [ -e "$tmp/$n.$p" ] && carray16 "${n}_$p" "$tmp/$n.$p"
            done
            pkv "$n"
            printf '\n'
        done
    } >"$out.tmp"
    written "$out"
}
# binary NAMES / prime NAMES: the K and B curves (GF(2^m)) / the others
binary() { for n in "$@"; do case $n in *_[kb][0-9]*) printf '%s ' "$n" ;; esac; done; }
prime() { for n in "$@"; do case $n in *_[kb][0-9]*) ;; *) printf '%s ' "$n" ;; esac; done; }
# shellcheck disable=SC2046,SC2086 # the name lists split on purpose
{
    emit "$dir/ec_ecdsa_prime_vectors.c" \
        "Fixed keys and known-good signatures of the ECDSA prime curves" $(prime $ecdsa_names)
    emit "$dir/ec_ecdsa_binary_vectors.c" \
        "Fixed keys and known-good signatures of the ECDSA K and B curves" $(binary $ecdsa_names)
    emit "$dir/ec_ecdh_prime_vectors.c" \
        "Fixed key pairs and shared secrets of the ECDH prime curves" $(prime $ecdh_names)
    emit "$dir/ec_ecdh_binary_vectors.c" \
        "Fixed key pairs and shared secrets of the ECDH K and B curves" $(binary $ecdh_names)
}
