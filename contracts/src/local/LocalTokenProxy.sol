// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {
    TransparentUpgradeableProxy
} from "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol";

/// @title LocalTokenProxy
/// @notice The upgradeable proxy the local USDC stand-ins sit behind, as USDC on Ethereum and
/// Binance-Peg USDC on BSC do: holders call the proxy, which delegates to an implementation; an admin
/// (here a ProxyAdmin contract owned by the token issuer) can swap the implementation. EIP-1967 slots
/// (the real tokens use older zeppelinos slots; the app never reads either).
/// @dev A named contract so forge emits an artifact the local deploy script can read.
contract LocalTokenProxy is TransparentUpgradeableProxy {
    /// @notice Deploys the proxy, its ProxyAdmin (owned by `adminOwner`) and runs `data` on `logic`.
    /// @param logic The implementation.
    /// @param adminOwner Owner of the ProxyAdmin this creates.
    /// @param data The initializer call.
    constructor(address logic, address adminOwner, bytes memory data)
        payable
        TransparentUpgradeableProxy(logic, adminOwner, data)
    {}
}
