extension Storefront {
    /// The App Store's storefronts, alpha-3 to alpha-2, both lowercase: the territories App Store
    /// Connect lets an app be sold in (its `TerritoryCode`s). Kosovo isn't in ISO 3166-1: its
    /// user-assigned codes `xk`, `xks` and `xkx` are all read as `xk`, which is what the lookup takes.
    static let alpha3ToAlpha2: [String: String] = [
        "afg": "af", "ago": "ao", "aia": "ai", "alb": "al", "are": "ae", "arg": "ar", "arm": "am", "atg": "ag",
        "aus": "au", "aut": "at", "aze": "az", "bel": "be", "ben": "bj", "bfa": "bf", "bgd": "bd", "bgr": "bg",
        "bhr": "bh", "bhs": "bs", "bih": "ba", "blr": "by", "blz": "bz", "bmu": "bm", "bol": "bo", "bra": "br",
        "brb": "bb", "brn": "bn", "btn": "bt", "bwa": "bw", "caf": "cf", "can": "ca", "che": "ch", "chl": "cl",
        "chn": "cn", "civ": "ci", "cmr": "cm", "cod": "cd", "cog": "cg", "col": "co", "cpv": "cv", "cri": "cr",
        "cym": "ky", "cyp": "cy", "cze": "cz", "deu": "de", "dma": "dm", "dnk": "dk", "dom": "do", "dza": "dz",
        "ecu": "ec", "egy": "eg", "esp": "es", "est": "ee", "fin": "fi", "fji": "fj", "fra": "fr", "fsm": "fm",
        "gab": "ga", "gbr": "gb", "geo": "ge", "gha": "gh", "gmb": "gm", "gnb": "gw", "grc": "gr", "grd": "gd",
        "gtm": "gt", "guy": "gy", "hkg": "hk", "hnd": "hn", "hrv": "hr", "hun": "hu", "idn": "id", "ind": "in",
        "irl": "ie", "irq": "iq", "isl": "is", "isr": "il", "ita": "it", "jam": "jm", "jor": "jo", "jpn": "jp",
        "kaz": "kz", "ken": "ke", "kgz": "kg", "khm": "kh", "kna": "kn", "kor": "kr", "kwt": "kw", "lao": "la",
        "lbn": "lb", "lbr": "lr", "lby": "ly", "lca": "lc", "lka": "lk", "ltu": "lt", "lux": "lu", "lva": "lv",
        "mac": "mo", "mar": "ma", "mda": "md", "mdg": "mg", "mdv": "mv", "mex": "mx", "mkd": "mk", "mli": "ml",
        "mlt": "mt", "mmr": "mm", "mne": "me", "mng": "mn", "moz": "mz", "mrt": "mr", "msr": "ms", "mus": "mu",
        "mwi": "mw", "mys": "my", "nam": "na", "ner": "ne", "nga": "ng", "nic": "ni", "nld": "nl", "nor": "no",
        "npl": "np", "nru": "nr", "nzl": "nz", "omn": "om", "pak": "pk", "pan": "pa", "per": "pe", "phl": "ph",
        "plw": "pw", "png": "pg", "pol": "pl", "prt": "pt", "pry": "py", "qat": "qa", "rou": "ro", "rus": "ru",
        "rwa": "rw", "sau": "sa", "sen": "sn", "sgp": "sg", "slb": "sb", "sle": "sl", "slv": "sv", "srb": "rs",
        "stp": "st", "sur": "sr", "svk": "sk", "svn": "si", "swe": "se", "swz": "sz", "syc": "sc", "tca": "tc",
        "tcd": "td", "tha": "th", "tjk": "tj", "tkm": "tm", "ton": "to", "tto": "tt", "tun": "tn", "tur": "tr",
        "twn": "tw", "tza": "tz", "uga": "ug", "ukr": "ua", "ury": "uy", "usa": "us", "uzb": "uz", "vct": "vc",
        "ven": "ve", "vgb": "vg", "vnm": "vn", "vut": "vu", "xks": "xk", "xkx": "xk", "yem": "ye", "zaf": "za", "zmb": "zm",
        "zwe": "zw",
    ]
}
