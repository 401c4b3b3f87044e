// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {StakingExchange} from "./StakingExchange.sol";

/// @title StakingMemberships
/// @notice Nodes and founders: purchases paid by the buyer into this contract, where the proceeds wait
///         for the treasury to be paid (`payTreasury`), and the upgrade from node to founder.
/// @dev Pull, not push: a purchase that paid the treasury directly would stop, for every buyer, as
///      soon as the USDC issuer froze the treasury, until a new one passed the 48 h timelock. Here a
///      purchase only moves USDC from the buyer to this contract; `payTreasury` sends what has
///      accrued to the treasury of the day, and fails alone when that treasury cannot receive.
/// @dev A part of Staking (see Staking.sol for the rules all parts keep); abstract, composed there.
abstract contract StakingMemberships is StakingExchange {
    using SafeERC20 for IERC20;

    /// @notice Buys a node for `nodePrice` USDC, paid by the caller into the treasury's proceeds (approve
    ///         exactly the price to this contract first). A node shares the ecological dividend.
    /// @param maxPrice The most the buyer accepts (the price the app showed); a higher price refuses.
    function purchaseNode(uint256 maxPrice) external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.None) revert InvalidMembership(a.membership);
        if (nodeSold >= nodeLimit) revert SoldOut();
        ++nodeSold;
        ++nodeHolders;
        a.membership = Membership.Node;
        a.purchasedNode = true;
        a.dividendDebt = accEcologicalPerNode;
        uint256 price = nodePrice;
        // Validated ≤ uint128 when set, so the record is exact.
        a.nodePricePaid = uint128(price);
        _payTreasury(price, maxPrice, Membership.Node, false);
    }

    /// @notice Buys a founder seat for `founderPrice` USDC, paid into the treasury's proceeds. A founder
    ///         shares the shareholder dividend.
    /// @param maxPrice The most the buyer accepts (the price the app showed); a higher price refuses.
    function purchaseFounder(uint256 maxPrice) external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.None) revert InvalidMembership(a.membership);
        _becomeFounder(a);
        _payTreasury(founderPrice, maxPrice, Membership.Founder, false);
    }

    /// @notice Turns the caller's node into a founder seat, paying `upgradePrice(caller)`: the founder
    ///         price minus what the caller paid for its node (nothing when that is not positive).
    ///         Unclaimed ecological dividend is credited.
    /// @param maxPrice The most the buyer accepts (the price the app showed); a higher price refuses.
    function upgradeNodeToFounder(uint256 maxPrice) external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.Node) revert InvalidMembership(a.membership);
        uint256 price = upgradePrice(msg.sender);
        _claimDividend(msg.sender, a);
        --nodeHolders;
        _becomeFounder(a);
        _payTreasury(price, maxPrice, Membership.Founder, true);
    }

    /// @notice What `upgradeNodeToFounder` charges `user` now: the founder price minus what `user` paid
    ///         for its node (nothing when that is not positive), so a node price change never makes an
    ///         upgrade dearer or free.
    /// @param user The node holder.
    /// @return USDC base units.
    function upgradePrice(address user) public view returns (uint256) {
        uint256 paid = _accounts[user].nodePricePaid;
        uint256 founder = founderPrice;
        return founder > paid ? founder - paid : 0;
    }

    function _becomeFounder(Account storage a) internal {
        if (founderSold >= founderLimit) revert SoldOut();
        ++founderSold;
        ++founderHolders;
        a.membership = Membership.Founder;
        a.purchasedFounder = true;
        a.dividendDebt = accShareholderPerFounder;
    }

    /// @notice Sends every USDC of membership proceeds accrued so far to the current treasury. Anyone
    ///         may call it: the USDC can only go to the treasury.
    function payTreasury() external nonReentrant {
        uint256 amount = treasuryProceeds;
        if (amount == 0) revert ZeroAmount();
        treasuryProceeds = 0;
        address to = treasury;
        emit TreasuryPaid(to, amount);
        usdc.safeTransfer(to, amount);
    }

    function _payTreasury(uint256 price, uint256 maxPrice, Membership membership, bool upgrade) internal {
        if (price > maxPrice) revert PriceAboveMax(price, maxPrice);
        emit MembershipPurchased(msg.sender, membership, price, upgrade, treasury);
        if (price != 0) treasuryProceeds += _pull(usdc, msg.sender, price);
    }
}
