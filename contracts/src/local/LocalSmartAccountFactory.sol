// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {LocalSmartAccount} from "./LocalSmartAccount.sol";

/// @title LocalSmartAccountFactory
/// @notice Local-chain stand-in for a smart-wallet factory: deploys LocalSmartAccount with CREATE2,
/// so an account's address is known (and can sign with ERC-6492) before it is deployed.
/// @dev Only ever deployed on local development chains.
contract LocalSmartAccountFactory {
    /// @notice Emitted when an account is deployed.
    /// @param account The new account.
    /// @param owner Its owner key.
    /// @param salt The CREATE2 salt.
    event AccountCreated(address indexed account, address indexed owner, bytes32 salt);

    /// @notice Deploys the account of `owner` with `salt`, or returns it if it exists already.
    /// @param owner The key that signs for the account.
    /// @param salt Tells apart several accounts of one owner.
    /// @return account The account.
    function createAccount(address owner, bytes32 salt) external returns (LocalSmartAccount account) {
        address predicted = addressOf(owner, salt);
        if (predicted.code.length > 0) return LocalSmartAccount(predicted);
        account = new LocalSmartAccount{salt: salt}(owner);
        emit AccountCreated(address(account), owner, salt);
    }

    /// @notice The address the account of `owner` with `salt` has, deployed or not.
    /// @param owner The key that signs for the account.
    /// @param salt Tells apart several accounts of one owner.
    /// @return The account's address.
    function addressOf(address owner, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash =
            keccak256(abi.encodePacked(type(LocalSmartAccount).creationCode, abi.encode(owner)));
        return Create2.computeAddress(salt, initCodeHash);
    }
}
