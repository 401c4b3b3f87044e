// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title LocalSmartAccount
/// @notice Local-chain stand-in for an ERC-4337 smart wallet (such as Coinbase Smart Wallet): one
/// owner key, and ERC-1271 signatures over a hash bound to this account and chain, so a signature
/// made for one account or chain is worth nothing for another.
/// @dev Only ever deployed on local development chains, by LocalSmartAccountFactory (CREATE2), so
/// its address is known before it exists and it can sign with ERC-6492 first.
contract LocalSmartAccount is IERC1271 {
    /// @notice The key that signs for this account.
    address public immutable owner;

    /// @notice Creates the account of `owner_`.
    /// @param owner_ The key that signs for this account.
    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice The hash the owner signs for `hash`: `hash` bound to this account and chain.
    /// @param hash The hash an application asks this account to sign.
    /// @return The hash the owner's key signs.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return keccak256(abi.encode(hash, address(this), block.chainid));
    }

    /// @inheritdoc IERC1271
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error,) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        bool valid = error == ECDSA.RecoverError.NoError && signer == owner;
        return valid ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}
